import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Page, type Request } from '@playwright/test';
import sharp from 'sharp';

/** What an accessibility check fails on: axe-core's serious and critical violations. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);
const THEMES = ['dark', 'light'] as const;

/**
 * The requests a page has in flight, but for its long-lived ones: a signed-in page holds the
 * notifications' event stream open for as long as it lives, so Playwright's 'networkidle' never
 * comes and waiting for it cost its whole timeout on every signed-in page.
 */
const inFlight = new WeakMap<Page, { open: Set<Request>; since: number }>();
function trackRequests(page: Page) {
  if (inFlight.has(page)) return;
  const state = { open: new Set<Request>(), since: Date.now() };
  inFlight.set(page, state);
  page.on('request', (r) => {
    if (r.resourceType() === 'eventsource') return;
    state.open.add(r);
    state.since = Date.now();
  });
  const done = (r: Request) => {
    if (state.open.delete(r)) state.since = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/** Lets the page settle: its requests answered and none for 300 ms (or 3 s), lazy chunks in. */
async function settle(page: Page): Promise<void> {
  trackRequests(page);
  const state = inFlight.get(page)!;
  const deadline = Date.now() + 3000;
  while (Date.now() < deadline && (state.open.size > 0 || Date.now() - state.since < 300))
    await page.waitForTimeout(50);
}

/**
 * Runs axe-core (WCAG 2.x A and AA rules and axe's best practices) on the page as it is, in the
 * dark and the light theme (the stored choice is put back), and fails on a serious or critical
 * violation, listing each with the elements concerned. `skipRules`: axe rules left out (a known
 * violation that another change fixes; say which where it is passed).
 */
export async function checkA11y(
  page: Page,
  options: { skipRules?: string[]; onlyCurrentTheme?: boolean } = {},
): Promise<void> {
  await settle(page);
  const initial: 'dark' | 'light' = await page.evaluate(() =>
    document.documentElement.classList.contains('light') ? 'light' : 'dark',
  );
  const found: string[] = [];
  // Colours change with a transition when the theme does: caught mid-way, a light text on a dark
  // background is reported (a flaky failure in CI). Transitions are off while axe looks.
  const still = await page.addStyleTag({
    content: '*,*::before,*::after{transition:none!important;animation:none!important}',
  });
  const themes = options.onlyCurrentTheme ? [initial] : [initial, ...THEMES.filter((t) => t !== initial)];
  for (const theme of themes) {
    if (theme !== initial) await setThemeClass(page, theme);
    const axe = new AxeBuilder({ page }).withTags([
      'wcag2a',
      'wcag2aa',
      'wcag21a',
      'wcag21aa',
      'wcag22aa',
      'best-practice',
    ]);
    // Toasts fade in, and out after 5 s, on their own clock: caught mid-fade, their text is blended
    // with the page and axe reports a contrast it never has at rest (a flaky failure in CI). The toast
    // layer is left out of the page checks.
    axe.exclude('[data-sonner-toaster]');
    if (options.skipRules?.length) axe.disableRules(options.skipRules);
    const results = await axe.analyze();
    for (const v of results.violations) {
      if (!FAILING_IMPACTS.has(v.impact ?? '')) continue;
      const targets = v.nodes.map(
        (n) => `      ${n.target.join(' ')}: ${n.failureSummary?.split('\n').join(' ')}`,
      );
      found.push(`[${theme}] ${v.id} (${v.impact}): ${v.help}\n${targets.join('\n')}`);
    }
  }
  await setThemeClass(page, initial);
  await still.evaluate((style) => (style as Element).remove()).catch(() => {});
  expect(found, `accessibility violations on ${page.url()}:\n${found.join('\n')}`).toEqual([]);
}

/** The theme as web/src/lib/theme.ts applies it (a class on <html>), without storing it. */
async function setThemeClass(page: Page, theme: 'dark' | 'light'): Promise<void> {
  await page.evaluate((t) => {
    const root = document.documentElement;
    root.classList.toggle('dark', t === 'dark');
    root.classList.toggle('light', t === 'light');
    root.style.colorScheme = t;
  }, theme);
  await page.waitForTimeout(50); // styles recomputed (transitions are off: see checkA11y)
}

/** Pages whose app is not to be waited for (JavaScript turned off). */
const withoutApp = new WeakSet<Page>();
export const dontWaitForTheApp = (page: Page) => withoutApp.add(page);

let patched = false;
/**
 * A page the server rendered (/, /auth, a profile: decision 020) shows its buttons before the app
 * handles them. After every `goto` and `reload` of any page (those of other browser contexts too:
 * patched once on Playwright's Page class) that answered HTML, wait until main.tsx has started
 * the app (`data-app` on <html>), as a person waits for a click to do anything.
 */
function waitForTheAppAfterNavigating(page: Page) {
  if (patched) return;
  patched = true;
  const proto = Object.getPrototypeOf(page) as Record<'goto' | 'reload', (...args: unknown[]) => unknown>;
  for (const name of ['goto', 'reload'] as const) {
    const original = proto[name];
    proto[name] = async function (this: Page, ...args: unknown[]) {
      trackRequests(this);
      const response = (await original.apply(this, args)) as Awaited<ReturnType<Page['goto']>>;
      if (!withoutApp.has(this) && response?.headers()['content-type']?.startsWith('text/html'))
        await this.waitForFunction(() => document.documentElement.dataset.app === 'started');
      return response;
    };
  }
}

/**
 * The kinds of page already checked in this run (the tests run in one worker): a page's path with
 * its ids as `:id` and without its query, per project (width). One axe run in both themes costs
 * 2 to 7 s, and the same pages (`/`, `/news`, a profile) are reached by dozens of tests: checked
 * every time, they were about two thirds of the browser suite's time. `a11y-pages.spec.ts` checks
 * every main page at both widths whatever ran before; a spec checks a dialog or a state with
 * `checkA11y` itself.
 */
const checkedKinds = new Set<string>();
export const pageKind = (url: string) =>
  new URL(url).pathname
    .split('/')
    .map((part, i, parts) =>
      /^[0-9a-f-]{36}$|^\d+$/i.test(part) || (i === 2 && parts[1] === 'profile') ? ':id' : part,
    )
    .join('/');

/**
 * The browser tests' `test`: every page reached with `page.goto`, and the page a passing test ends
 * on, is checked with {@link checkA11y}, each kind of page once in the run ({@link pageKind}).
 * Pages reached by clicking are checked where a spec calls `checkA11y` itself.
 */
export const test = base.extend<{ a11y: undefined }>({
  a11y: [
    async ({ page }, use, testInfo) => {
      const check = async () => {
        const url = page.url();
        if (!url.startsWith('http')) return;
        const kind = `${testInfo.project.name} ${pageKind(url)}`;
        // A page already checked is still let settle (its first reads answered), as the check did:
        // a click at once could meet a button whose viewer was still being read (a flaky failure).
        if (checkedKinds.has(kind)) return settle(page);
        checkedKinds.add(kind);
        await checkA11y(page);
      };
      waitForTheAppAfterNavigating(page);
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        await check();
        return response;
      };
      await use(undefined);
      if (testInfo.status === testInfo.expectedStatus && !page.isClosed()) await check();
    },
    { auto: true },
  ],
});
export { expect };

export const PASSWORD = 'field-ready-pass-2026';

export const uniqueName = (prefix = 'player') => `${prefix}_${randomBytes(3).toString('hex')}`;

/** Registers through the API with the page's cookie jar, so the page is signed in as that user. */
export async function registerByApi(request: APIRequestContext, username = uniqueName()) {
  const res = await request.post('/api/register', {
    data: { username, email: `${username}@example.test`, password: PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; username: string };
}

export async function signInThroughForm(page: Page, username: string, password = PASSWORD) {
  await page.goto('/auth');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** A real 64x48 PNG (an orange field), made with sharp, as a user would pick from disk. */
export async function pngFile(
  name = 'avatar.png',
): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 230, g: 120, b: 30 } },
  })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}
