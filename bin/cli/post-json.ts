// One JSON POST over node:http / node:https, for `loopscope guard`: a hook is a
// process of its own at every tool call, and the first `fetch` of a process
// costs it about 0.15 s of loading (undici) where node:http is already there.
// Resolves with the status and the parsed body (null when it is not JSON);
// rejects with a TimeoutError when no answer came within `timeoutMs`.
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";

export type JsonAnswer = { status: number; body: unknown };

export function postJson(
  url: URL,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<JsonAnswer> {
  const request = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: "POST", headers: { ...headers, "content-length": String(Buffer.byteLength(body)) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("error", reject);
        res.on("end", () => {
          clearTimeout(timer);
          let parsed: unknown = null;
          try {
            parsed = JSON.parse(Buffer.concat(chunks).toString("utf8"));
          } catch {
            parsed = null;
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      },
    );
    const timer = setTimeout(() => {
      const err = new Error(`no answer within ${timeoutMs} ms`);
      err.name = "TimeoutError";
      req.destroy(err);
    }, timeoutMs);
    req.on("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.end(body);
  });
}
