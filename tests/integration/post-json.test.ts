// bin/cli/post-json.ts: the guard hook's one POST over node:http — the status and the
// parsed body, null for a body that is not JSON, and a TimeoutError when the server
// takes longer than the hook may wait.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { postJson } from "@/bin/cli/post-json";

const seen: { method?: string; type?: string; body: string }[] = [];
const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  let body = "";
  req.on("data", (c) => (body += c));
  req.on("end", () => {
    seen.push({ method: req.method, type: req.headers["content-type"], body });
    if (req.url === "/json") res.writeHead(201, { "content-type": "application/json" }).end('{"ok":true}');
    else if (req.url === "/text") res.writeHead(502).end("<html>bad gateway</html>");
    // /slow never answers: the client gives up.
  });
});
const url = (p: string) => new URL(p, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
beforeAll(() => new Promise<void>((r) => server.listen(0, "127.0.0.1", r)));
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((r) => server.close(() => r()));
});

test("posts the body with its headers and reads the status and the JSON answer", async () => {
  const answer = await postJson(url("/json"), '{"hook":1}', { "content-type": "application/json" }, 2000);
  expect(answer).toEqual({ status: 201, body: { ok: true } });
  expect(seen.at(-1)).toEqual({ method: "POST", type: "application/json", body: '{"hook":1}' });
});

test("an answer that is not JSON is its status with a null body", async () => {
  expect(await postJson(url("/text"), "{}", {}, 2000)).toEqual({ status: 502, body: null });
});

test("a server that does not answer in time is a TimeoutError; one that is not there is another error", async () => {
  const slow = postJson(url("/slow"), "{}", {}, 100);
  await expect(slow).rejects.toMatchObject({ name: "TimeoutError" });
  await expect(postJson(new URL("http://127.0.0.1:9/x"), "{}", {}, 1000)).rejects.toMatchObject({
    code: "ECONNREFUSED",
  });
});
