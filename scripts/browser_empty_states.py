"""Empty screens laid out as cleanly as full ones; mixed into browser_first_run.py's walk.

A new account on a new server, and a new member joining a server with data, meet every tab empty. At 320, 390,
768 and 1280 px each screen gets the checks the demo's screens get: no text over another or cut off inside an
item (browser_layout.FIT), every item where the layout engine puts it (the page's frames against
`/v1/screens/{screen}/frames`, as test_layout_conformance does), nothing wider than the window, and axe."""
from axe_selenium_python import Axe
from browser_layout import FIT

WIDTHS = [(320, 640), (390, 844), (768, 1024), (1280, 800)]

# (name, page, screen) of every tab a new account can open without naming anything.
SCREENS = [("home", "/", "home"), ("today", "/screens/today", "today"), ("habits", "/screens/habits", "habits"),
           ("people", "/screens/users", "users"), ("log", "/screens/log", "log"),
           ("streak", "/screens/streak", "streak"), ("your-habits", "/screens/yourHabits", "yourHabits")]

# Pages that are not screens: only the window and axe checks apply.
PAGES = [("account", "/account")]

FRAMES = """
const origin = document.querySelector('.sections').getBoundingClientRect();
const items = [...document.querySelectorAll('[data-item-id]')];
return [document.querySelector('.sections').clientWidth, items.filter((e) => e.hidden).map((e) => e.dataset.itemId),
  Object.fromEntries(items.filter((e) => !e.hidden).map((e) => {
    const r = e.getBoundingClientRect();
    return [e.dataset.itemId, [r.left - origin.left, r.top - origin.top, r.width, r.height]];
  }))];"""


class EmptyStateChecks:
    """Needs the walk's `open`, `fetch`, `resize` and `screenshots`."""

    def serious_violations(self, driver, name):
        axe = Axe(driver)
        axe.inject()
        return [f"{name}: axe {v['id']} ({v['impact']}) {[n['target'] for n in v['nodes'][:3]]}"
                for v in axe.run()["violations"] if v["impact"] in ("serious", "critical")]

    def frame_differences(self, driver, name, screen, query, height):
        """Each item whose box on the page is not the engine's frame for it, by more than a pixel."""
        content_width, hidden, dom = driver.execute_script(FRAMES)
        path = f"/v1/screens/{screen}/frames?{query + '&' if query else ''}width={content_width}&height={height}"
        if hidden:
            path += "&hidden=" + ",".join(hidden)
        status, frames = self.fetch(driver, "GET", path)
        assert status == 200, f"{path}: {status} {frames}"
        measured = ",".join(
            f"{f['id']}:{dom[f['id']][2]:.2f}x{dom[f['id']][3]:.2f}" if f["estimatedWidth"]
            else f"{f['id']}:{dom[f['id']][3]:.2f}"
            for f in frames["items"] if (f["estimatedHeight"] or f["estimatedWidth"]) and f["id"] in dom)
        if measured:
            status, frames = self.fetch(driver, "GET", f"{path}&measured={measured}")
            assert status == 200, f"{path} measured: {status} {frames}"
        problems = []
        for frame in frames["items"]:
            box = dom.get(frame["id"])
            expected = [frame["x"], frame["y"], frame["width"], frame["height"]]
            if box is None or any(abs(a - b) > 1 for a, b in zip(box, expected)):
                problems.append(f"{name}: {frame['id']}: page {box} engine {expected}")
        return problems

    def sideways(self, driver, name):
        overflow = driver.execute_script(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
        return [f"{name}: the page scrolls sideways by {overflow} px"] if overflow > 1 else []

    def check_empty_screens(self, driver, who, expect_empty):
        """Every screen and page of `driver`'s account at the four widths; `expect_empty` are the item ids that
        must be on screen (the empty states this account should meet). Fails with every problem found."""
        problems, seen = [], set()
        for width, height in WIDTHS:
            self.resize(driver, width, height)
            for name, page, screen in SCREENS:
                self.open(driver, page, screen)
                driver.execute_script("return document.fonts.ready.then(() => true)")
                where = f"{who} {name} {width}x{height}"
                seen |= set(driver.execute_script(
                    "return [...document.querySelectorAll('[data-item-id]')].map((e) => e.dataset.itemId)"))
                problems += [f"{where}: {item}: {kind}: " + " / ".join(map(repr, texts))
                             for item, kind, *texts in driver.execute_script(FIT)]
                problems += self.frame_differences(driver, where, screen, page.partition("?")[2], height)
                problems += self.sideways(driver, where) + self.serious_violations(driver, where)
                driver.save_screenshot(f"{self.screenshots}/empty-{who}-{name}-{width}x{height}.png")
            for name, page in PAGES:
                driver.get(self.base + page)
                where = f"{who} {name} {width}x{height}"
                problems += self.sideways(driver, where) + self.serious_violations(driver, where)
        self.resize(driver, *WIDTHS[-1])
        missing = sorted(set(expect_empty) - seen)
        assert not missing, f"{who} never met the empty states {missing}"
        assert not problems, f"{len(problems)} layout problems on empty screens:\n      " + "\n      ".join(problems)
