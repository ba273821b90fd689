// Anchored comments on the built app (docs/dashboard.md#comments): a comment
// made in a span's panel becomes a marker on the timeline's comments lane at
// that span and shows in the panel, survives a reload, renders its Markdown
// safely (a `<script>` is text, a javascript: link is not a link), stays inert
// in the Markdown export, and an iteration's comments badge its row.
// Screenshots at 1280 and 390 px land in test-results/screenshots/.
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { saveScreenshot, useAppPage } from "./support/browser";
import { ingestExample, type AppServer } from "./support/server";

let server: AppServer;
let page: Page;

const RUN = "r-stuck-loop";
const SPAN = "it1.s05";
const BODY =
  "Look at **this** retry <script>window.__pwned = 1</script> " +
  "[bad](javascript:window.__pwned=2) and [the docs](https://example.com/breakers)";

useAppPage(async (app) => {
  ({ server, page } = app);
  await ingestExample(server, "stuck-loop.jsonl");
});

const marker = () => page.locator(`[data-testid="comment-marker"][data-span-id="${SPAN}"]`);
const panel = () => page.locator(`[data-testid="span-panel"][data-span-id="${SPAN}"]`);

async function openSpan(): Promise<void> {
  await page.goto(`/runs/${RUN}?tab=timeline&span=${SPAN}`);
  await page.locator('[data-testid="timeline"][data-loaded="complete"]').waitFor();
  await panel().waitFor();
}

async function expectSafeComment(): Promise<void> {
  const body = panel().getByTestId("span-panel-comments").getByTestId("comment-body-text").first();
  await body.waitFor();
  expect(await body.innerText()).toContain("<script>window.__pwned = 1</script>");
  expect(await body.locator("strong").innerText()).toBe("this");
  expect(await body.locator("a").count()).toBe(1);
  expect(await body.locator("a").getAttribute("href")).toBe("https://example.com/breakers");
  expect(await body.locator("script").count()).toBe(0);
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
}

describe("comments on a span", () => {
  test("a comment made in the span panel is a marker at that span and in its panel", async () => {
    await openSpan();
    expect(await panel().getByTestId("comments-empty").innerText()).toContain("No comments on this span");
    await panel().getByTestId("comment-author").fill("ana");
    await panel().getByTestId("comment-body").fill(BODY);
    await panel().getByTestId("comment-submit").click();
    await marker().waitFor();
    expect(await marker().innerText()).toBe("1");
    await expectSafeComment();
    expect(await panel().getByTestId("comment-anchor").count()).toBe(0); // the panel is the anchor
    await saveScreenshot(page, "comments-span-panel");
  });

  test("the comment survives a reload, and its marker reopens the span's panel", async () => {
    await openSpan();
    await expectSafeComment();
    await panel().getByRole("button", { name: "close" }).click();
    await panel().waitFor({ state: "detached" });
    await marker().click();
    await panel().waitFor();
    await expectSafeComment();
    // On the run's own comment list the thread names its anchor.
    expect(await page.getByTestId("run-comments").getByTestId("comment-anchor").innerText()).toBe(`on span ${SPAN}`);
  });

  test("a reply is indented under its thread, and the Markdown export keeps both inert", async () => {
    const threads = (await (await fetch(`${server.baseUrl}/api/v1/runs/${RUN}/comments?span_id=${SPAN}`)).json()) as {
      comments: { comment_id: string }[];
    };
    const res = await fetch(`${server.baseUrl}/api/v1/runs/${RUN}/comments`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ author: "ben", body: "agreed", parent_id: threads.comments[0]!.comment_id }),
    });
    expect(res.status).toBe(201);
    const md = await (await fetch(`${server.baseUrl}/api/v1/runs/${RUN}/report.md`)).text();
    expect(md).toContain(`- **ana** (`);
    expect(md).toContain(`on span ${SPAN}: Look at **this** retry &lt;script&gt;`);
    expect(md).not.toContain("<script>");
    expect(md).not.toContain("javascript:");
    expect(md).toMatch(/\n {2}- \*\*ben\*\* \([^)]+\): agreed\n/);
    await openSpan();
    await panel().getByTestId("comment-replies").getByText("agreed").waitFor();
    expect(await marker().innerText()).toBe("2");
  });
});

describe("comments on an iteration", () => {
  test("an iteration's comments badge its row on the iterations tab", async () => {
    const res = await fetch(`${server.baseUrl}/api/v1/runs/${RUN}/comments`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ author: "cy", body: "the score drops here", iteration: 3 }),
    });
    expect(res.status).toBe(201);
    await page.goto(`/runs/${RUN}?tab=iterations`);
    const badge = page.locator('[data-testid="iteration-row"][data-n="3"]').getByTestId("iteration-comment-count");
    expect(await badge.innerText()).toBe("1");
    expect(await page.getByTestId("iteration-comment-count").count()).toBe(1);
  });

  test("its marker on the timeline opens the thread", async () => {
    await page.goto(`/runs/${RUN}?tab=timeline`);
    await page.locator('[data-testid="timeline"][data-loaded="complete"]').waitFor();
    await page.locator('[data-testid="comment-marker"]:not([data-span-id])').click();
    const thread = page.getByTestId("thread-panel");
    expect(await thread.getByTestId("comment-body-text").innerText()).toContain("the score drops here");
    expect(await thread.locator("h3").innerText()).toBe("Comments at iteration 3");
    await saveScreenshot(page, "comments-iteration-thread");
  });
});

describe("on the run page", () => {
  test("a reply and an edit made on the page show in the thread, and @name of a user is highlighted", async () => {
    const user = { name: "Ada Lovelace", email: "ada@example.test", password: "a long password 1", role: "viewer" };
    const made = await fetch(`${server.baseUrl}/api/v1/users`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(user),
    });
    expect(made.status).toBe(201);
    await page.goto(`/runs/${RUN}`);
    const thread = page.getByTestId("run-comments").locator('[data-testid="comment-thread"]').last();
    await thread.getByTestId("comment-reply").click();
    await thread.getByTestId("reply-author").fill("dee");
    await thread.getByTestId("reply-body").fill("@ada lovelace can you look? @nobody");
    await thread.getByTestId("reply-submit").click();
    const mention = thread.getByTestId("comment-replies").getByTestId("mention");
    expect(await mention.innerText()).toBe("@ada lovelace");
    expect(await thread.getByTestId("comment-replies").innerText()).toContain("@nobody");

    const reply = thread.getByTestId("comment-replies").getByTestId("comment");
    await reply.getByTestId("comment-edit").click();
    await reply.getByTestId("comment-edit-body").fill("@Ada Lovelace please look");
    await reply.getByTestId("comment-save").click();
    await reply.getByText("· edited").waitFor();
    expect(await reply.getByTestId("comment-body-text").innerText()).toBe("@Ada Lovelace please look");
  });
});

describe("at 390 px", () => {
  test("the span panel with its thread does not scroll sideways", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openSpan();
    await expectSafeComment();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await saveScreenshot(page, "comments-span-panel-phone");
    await page.goto(`/runs/${RUN}`);
    await page.getByTestId("run-comments").getByTestId("comment-replies").first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, "comments-run-phone");
  });
});
