// How often React draws a given element again, read through the hook React offers its DevTools (production builds
// call it too): installed before the page's scripts, it sees every commit. Test-only; the page is not changed.

/**
 * Installs, before any script of `page` runs, a counter of the commits in which the element whose props match
 * `testid` and `attrs` got a new props object (its component was rendered again). window.__drawn() reads it.
 * @param {import("playwright-core").Page} page
 * @param {string} testid
 * @param {Record<string, string>} attrs
 */
export async function countRedraws(page, testid, attrs) {
  await page.addInitScript(
    ([want, wantAttrs]) => {
      let last = null;
      let drawn = 0;
      const matches = (props) =>
        props && props["data-testid"] === want && Object.entries(wantAttrs).every(([k, v]) => String(props[k]) === v);
      const find = (fiber) => {
        for (let f = fiber; f; f = f.sibling) {
          if (typeof f.type === "string" && matches(f.memoizedProps)) return f;
          const inner = f.child && find(f.child);
          if (inner) return inner;
        }
        return null;
      };
      window.__drawn = () => drawn;
      window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
        supportsFiber: true,
        isDisabled: false,
        renderers: new Map(),
        inject(renderer) {
          this.renderers.set(this.renderers.size + 1, renderer);
          return this.renderers.size;
        },
        checkDCE() {},
        onScheduleFiberRoot() {},
        onCommitFiberUnmount() {},
        onPostCommitFiberRoot() {},
        onCommitFiberRoot(_id, root) {
          const host = find(root.current);
          if (!host) return;
          // A component drawn again gives its element a new props object; one React skipped keeps the old one.
          if (last && host.memoizedProps !== last) drawn++;
          last = host.memoizedProps;
        },
      };
    },
    [testid, attrs],
  );
  return { drawn: () => page.evaluate(() => window.__drawn()) };
}
