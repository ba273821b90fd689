// The built app's Content-Security-Policy (docs/decisions.md#security): every
// page answer carries a nonce of its own, every script Next writes carries it,
// the pages hydrate in Chromium with no violation, and a script injected into
// the HTML does not run. The API's answers allow nothing.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { launchBrowser, type TestBrowser } from "./support/browser";
import { ingestExample, startServer, type AppServer } from "./support/server";

let server: AppServer;
let browser: TestBrowser;

beforeAll(async () => {
  server = await startServer();
  await ingestExample(server, "stuck-loop.jsonl");
  browser = await launchBrowser(server.baseUrl);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const scriptSrc = (policy: string) => policy.split("; ").find((d) => d.startsWith("script-src ")) ?? "";

describe("pages", () => {
  test.each(["/runs", "/runs/r-stuck-loop", "/docs", "/upload", "/compare"])(
    "%s: a fresh nonce per answer, on every script, and no 'unsafe-inline' for scripts",
    async (path) => {
      const [a, b] = await Promise.all([fetch(`${server.baseUrl}${path}`), fetch(`${server.baseUrl}${path}`)]);
      expect(a.status).toBe(200);
      const policy = a.headers.get("content-security-policy") ?? "";
      const nonce = /'nonce-([\w+/=]+)'/.exec(scriptSrc(policy))?.[1];
      expect(nonce, policy).toBeDefined();
      expect(scriptSrc(policy)).not.toContain("'unsafe-inline'");
      expect(b.headers.get("content-security-policy")).not.toContain(nonce);
      const html = await a.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
      await b.text();
    },
  );

  test("a page hydrates with no violation, and a script injected into its HTML does not run", async () => {
    const page = await browser.newPage();
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.goto("/runs");
    await page.getByRole("link", { name: "Compare" }).first().click(); // client navigation: React is running
    await page.waitForURL(`${server.baseUrl}/compare`);
    expect(violations).toEqual([]);

    await page.route("**/runs", async (route) => {
      const res = await route.fetch();
      const body = (await res.text()).replace("</body>", "<script>window.injected = 1</script></body>");
      await route.fulfill({ response: res, body });
    });
    await page.goto("/runs");
    await page.getByRole("link", { name: "Compare" }).first().waitFor();
    expect(await page.evaluate(() => (window as { injected?: number }).injected)).toBeUndefined();
    expect(violations.join("\n")).toMatch(/inline script/i);
    await page.close();
  });
});

test("the API's answers allow nothing", async () => {
  const res = await fetch(`${server.baseUrl}/api/v1/runs`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-security-policy")).toBe(
    "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  );
});
