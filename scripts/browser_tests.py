#!/usr/bin/env python3
"""The web client in a real browser: every screen renders its document, changes arrive live, actions
work, the page is accessible, and all of it also works through a TLS-terminating proxy. Run by
scripts/browser-tests.sh against a server and an nginx in front of it that it started."""
import argparse
import json
import os
import shutil
import ssl
import sys
import time
import traceback
import urllib.error
import urllib.request

from axe_selenium_python import Axe
from browser_context_menu import ContextMenuTests
from browser_days import DayTests
from browser_discover_help_emoji import DiscoverHelpEmojiTests
from browser_hostile import HostileTextTests
from browser_layout import LayoutFitTests
from browser_proxy import ProxyTests
from browser_your_habits import YourHabitsTests
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

SIZES = [(390, 844), (1280, 800)]
PAGES = ["home", "today", "habits", "habit", "users", "user", "log", "streak", "discover", "help", "emoji",
         "yourHabits"]


class Server:
    def __init__(self, base):
        self.base = base

    def call(self, path, method="GET", body=None, headers=None, form=None):
        """Sends `body` as JSON, or `form` (a string) as a form; follows redirects."""
        data = form.encode() if form is not None else None if body is None else json.dumps(body).encode()
        content_type = "application/x-www-form-urlencoded" if form is not None else "application/json"
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": content_type} | (headers or {}))
        # The proxy's certificate is self-signed, made for this run.
        context = ssl._create_unverified_context() if self.base.startswith("https:") else None
        try:
            with urllib.request.urlopen(request, timeout=10, context=context) as response:
                return response.status, self.parse(response.read().decode())
        except urllib.error.HTTPError as error:
            return error.code, self.parse(error.read().decode())

    @staticmethod
    def parse(text):
        """JSON, or the text itself (the simulator's controls answer a bare word)."""
        try:
            return json.loads(text) if text else None
        except ValueError:
            return text

    def get(self, path):
        status, value = self.call(path)
        assert status == 200, f"GET {path}: {status} {value}"
        return value


class Suite(DiscoverHelpEmojiTests, ProxyTests, HostileTextTests, LayoutFitTests, ContextMenuTests,
            YourHabitsTests, DayTests):
    def __init__(self, base, proxy, today, screenshots):
        self.server = Server(base)
        self.base = base
        self.proxy = proxy
        self.today = today
        self.screenshots = screenshots
        options = webdriver.ChromeOptions()
        for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--hide-scrollbars",
                         "--force-prefers-reduced-motion=0", "--lang=en-US",
                         # The proxy's self-signed certificate, made for this run.
                         "--ignore-certificate-errors"]:
            options.add_argument(argument)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        driver = shutil.which("chromedriver") or "/usr/bin/chromedriver"
        self.driver = webdriver.Chrome(service=Service(driver), options=options)
        self.resize(*SIZES[1])
        users = self.server.get("/v1/users?limit=200")["items"]
        self.users = {user["key"]: user for user in users}
        self.viewer = self.users["activeUser"]

    def resize(self, width, height):
        self.driver.set_window_size(width, height)
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})

    def open(self, path):
        self.driver.get(self.base + path)
        WebDriverWait(self.driver, 5).until(lambda d: d.execute_script("return document.readyState") == "complete")

    def script(self, source, *arguments):
        return self.driver.execute_script(source, *arguments)

    def dom_items(self):
        return self.script("return [...document.querySelectorAll('[data-item-id]')]"
                           ".map(e => [e.dataset.itemId, e.dataset.itemType])")

    def dom_sections(self):
        return self.script("return [...document.querySelectorAll('[data-section-id]')].map(e => e.dataset.sectionId)")

    def page_paths(self):
        home = self.server.get("/v1/screens/home")
        favorite = next(i for i in home["sections"][0]["items"] if i["type"] == "leaderboardHabit")
        habit_id = favorite["id"].split("-")[1]
        other = next(u for u in self.users.values() if u["key"] != "activeUser")
        return {
            "home": ("/", "/v1/screens/home"), "today": ("/screens/today", "/v1/screens/today"),
            "habits": ("/screens/habits", "/v1/screens/habits"),
            "habit": (f"/screens/habit?habit={habit_id}", f"/v1/screens/habit?habit={habit_id}"),
            "users": ("/screens/users", "/v1/screens/users"),
            "user": (f"/screens/user?of={other['id']}", f"/v1/screens/user?of={other['id']}"),
            "log": ("/screens/log", "/v1/screens/log"), "streak": ("/screens/streak", "/v1/screens/streak"),
        } | self.discover_help_emoji_paths(habit_id) | self.your_habits_paths()

    # ---- Tests ----

    def test_every_screen_renders_its_document_in_order(self):
        for name, (page, api) in self.page_paths().items():
            self.open(page)
            document = self.server.get(api)
            expected = [[item["id"], item["type"]] for section in document["sections"] for item in section["items"]]
            assert self.dom_items() == expected, f"{name}: the page's items differ from the document's"
            assert self.dom_sections() == [s["id"] for s in document["sections"]], f"{name}: sections differ"

    def test_home_shows_the_leaderboard_lines_and_the_followed_users(self):
        self.open("/")
        document = self.server.get("/v1/screens/home")
        for item in (i for s in document["sections"] for i in s["items"]):
            text = self.driver.find_element(By.CSS_SELECTOR, f'[data-item-id="{item["id"]}"]').text
            content = item["content"]
            if item["type"] == "leaderboardHabit":
                for line in [content["habitName"], content["leader"], content["secondary"]]:
                    assert line is None or line in text, f"{item['id']}: {line!r} not in {text!r}"
            elif item["type"] == "followedUser":
                assert " ".join(content["message"].split()) in " ".join(text.split()), item["id"]

    def test_a_log_by_another_user_reaches_the_open_home_page_within_a_second(self):
        self.resize(390, 844)
        self.open("/")
        self.script("window.__sameDocument = true")
        leaderboard = "document.querySelector('[data-section-id=\"leaderboard\"] > .items')"
        self.script(f"{leaderboard}.scrollLeft = 180")
        scrolled = self.script(f"return {leaderboard}.scrollLeft")
        assert scrolled > 0, "the leaderboard scrolls sideways at 390 points"
        document = self.server.get("/v1/screens/home")
        card = document["sections"][0]["items"][0]
        leader_name = card["content"]["leader"].rsplit(" ", 1)[0]
        leader = next(u for u in self.users.values() if u["name"] == leader_name and u["key"] != "activeUser")
        # Read through the DOM each time: an updated item is a new element.
        # The line's own text: the leader's @username follows it in a span of its own.
        read = (f"return document.querySelector('[data-item-id=\"{card['id']}\"] .leader')"
                "?.firstChild?.textContent.trim()")
        before = self.script(read)
        status, _ = self.server.call("/v1/logs", "POST", {"userID": leader["id"], "habitID": int(card["id"][6:])})
        assert status == 201, status
        acknowledged = time.monotonic()
        WebDriverWait(self.driver, 1.0, poll_frequency=0.02).until(lambda d: self.script(read) != before)
        elapsed = time.monotonic() - acknowledged
        after = self.script(read)
        count = int(before.rsplit(" ", 1)[1])
        assert after == f"{leader_name} {count + 1}", after
        assert self.script("return window.__sameDocument === true"), "the page was not reloaded"
        assert abs(self.script(f"return {leaderboard}.scrollLeft") - scrolled) <= 1, "scroll kept"
        print(f"    live update after {elapsed * 1000:.0f} ms")
        self.resize(*SIZES[1])

    def wait_for_document(self, api, timeout=3.0):
        """Waits until the open page shows the document `api` answers, item for item, in order."""
        deadline = time.monotonic() + timeout
        while True:
            document = self.server.get(api)
            expected = [[i["id"], i["type"]] for s in document["sections"] for i in s["items"]]
            if self.dom_items() == expected and self.dom_sections() == [s["id"] for s in document["sections"]]:
                return
            if time.monotonic() > deadline:
                raise AssertionError(f"{api}: the page shows {self.dom_items()}, the document {expected}")
            time.sleep(0.05)

    def test_moves_inserts_and_deletes_keep_the_page_equal_to_the_document(self):
        paths = self.page_paths()
        page, api = paths["habit"]
        self.open(page)
        self.script("window.__sameDocument = true")
        habit_id = int(page.split("=")[1])
        ranking = [i for s in self.server.get(api)["sections"] for i in s["items"] if i["type"] == "userCount"]
        first, last = ranking[0]["content"], ranking[-1]["content"]
        # The last user passes the first: an item moves to the top.
        for _ in range(first["count"] - last["count"] + 1):
            status, _ = self.server.call("/v1/logs", "POST", {"userID": last["userID"], "habitID": habit_id})
            assert status == 201, status
        # Someone who never logged it appears at the bottom.
        ranked = {item["content"]["userID"] for item in ranking}
        newcomer = next(u for u in self.users.values() if u["id"] not in ranked)
        self.server.call("/v1/logs", "POST", {"userID": newcomer["id"], "habitID": habit_id})
        self.wait_for_document(api)
        # The user who passed everyone leads the ranking.
        ranked_now = [item for item in self.dom_items() if item[1] == "userCount"]
        assert ranked_now[0][0] == f"user-{last['userID']}", ranked_now[:3]
        assert self.script("return window.__sameDocument === true"), "the page was not reloaded"

        self.open("/screens/habits")
        self.script("window.__sameDocument = true")
        document = self.server.get("/v1/screens/habits")
        favorites = [i for s in document["sections"] if s["id"] == "favorites" for i in s["items"]]
        others = [i for s in document["sections"] if s["id"] != "favorites" for i in s["items"]
                  if f"favorite-{i['id'].split('-')[1]}" not in {f["id"] for f in favorites}]
        viewer = self.viewer["id"]
        self.server.call(f"/v1/users/{viewer}/favorites/{others[0]['id'].split('-')[1]}", "PUT")
        self.server.call(f"/v1/users/{viewer}/favorites/{favorites[0]['id'].split('-')[1]}", "DELETE")
        self.wait_for_document("/v1/screens/habits")
        assert self.script("return window.__sameDocument === true"), "the page was not reloaded"

    def streak_state(self):
        number, done = self.script(
            "return [document.querySelector('.streak-number').textContent,"
            f" !!document.querySelector('[data-item-id=\"day-{self.today}\"] .day.done')]")
        return int(number), done

    def click_day(self, day):
        self.driver.find_element(By.CSS_SELECTOR, f'[data-item-id="day-{day}"] .item-body').click()

    def test_the_streak_calendar_marks_today_and_refuses_the_future(self):
        self.open("/screens/streak")
        current, done = self.streak_state()
        if done:
            self.click_day(self.today)
            WebDriverWait(self.driver, 2).until(lambda d: not self.streak_state()[1])
            current, done = self.streak_state()
        self.click_day(self.today)
        WebDriverWait(self.driver, 2).until(lambda d: self.streak_state()[1])
        marked, _ = self.streak_state()
        assert marked == current + 1, f"the streak went from {current} to {marked}"
        year, month, day = map(int, self.today.split("-"))
        future = f"{year:04d}-{month:02d}-{day + 1:02d}"
        self.click_day(future)
        notice = self.driver.find_element(By.CSS_SELECTOR, ".notice")
        WebDriverWait(self.driver, 2).until(lambda d: notice.is_displayed())
        assert notice.text == "Can't mark a day in the future", notice.text
        time.sleep(0.3)
        assert self.streak_state() == (marked, True), "a future day changes nothing"
        assert not self.script(f"return !!document.querySelector('[data-item-id=\"day-{future}\"] .day.done')")
        self.open("/screens/streak")
        assert self.streak_state() == (marked, True), "a reload shows the same state"

    def test_favouriting_and_following_reach_home(self):
        self.open("/screens/habits")
        button = self.driver.find_element(
            By.XPATH, "//section[@data-section-id!='favorites']//button[@data-method='PUT'][text()='Favorite']")
        item = button.find_element(By.XPATH, "ancestor::div[@data-item-id][1]")
        habit_id = item.get_attribute("data-item-id").split("-")[1]
        # Into the middle of the window: the tab bar covers its bottom.
        self.script("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()
        WebDriverWait(self.driver, 2).until(lambda d: d.find_elements(
            By.CSS_SELECTOR, f'[data-section-id="favorites"] [data-item-id="favorite-{habit_id}"]'))
        self.open("/")
        assert self.driver.find_elements(By.CSS_SELECTOR, f'[data-item-id="habit-{habit_id}"]'), "card on Home"

        self.open("/screens/users")
        follow = self.driver.find_element(By.XPATH, "//button[@data-method='PUT'][text()='Follow']")
        card = follow.find_element(By.XPATH, "ancestor::div[@data-item-id][1]")
        user_item = card.get_attribute("data-item-id")
        self.script("arguments[0].scrollIntoView({block: 'center'})", follow)
        follow.click()
        WebDriverWait(self.driver, 2).until(lambda d: d.find_elements(
            By.XPATH, f"//div[@data-item-id='{user_item}']//button[text()='Unfollow']"))
        self.open("/")
        assert self.driver.find_elements(
            By.CSS_SELECTOR, f'[data-section-id="followedUsers"] [data-item-id="{user_item}"]'), "followed on Home"

    def dom_frames(self):
        return self.script("""
            const origin = document.querySelector('.sections').getBoundingClientRect();
            return Object.fromEntries([...document.querySelectorAll('[data-item-id]')].map((e) => {
              const r = e.getBoundingClientRect();
              return [e.dataset.itemId, [r.left - origin.left, r.top - origin.top, r.width, r.height]];
            }));""")

    def test_layout_conformance(self):
        paths = self.page_paths()
        paths |= self.conformance_paths(paths["habit"][0].split("=")[1])
        problems = []
        for width, height in SIZES:
            self.resize(width, height)
            for name in ["home", "habits", "log", "users", "streak", "discover", "help", "emoji-search", "emoji-grid"]:
                page, api = paths[name]
                self.open(page)
                dom = self.dom_frames()
                content_width = self.script("return document.querySelector('.sections').clientWidth")
                route, _, query = api.partition("?")
                frames_path = f"{route}/frames?{query + '&' if query else ''}width={content_width}&height={height}"
                estimated = [f for f in self.server.get(frames_path)["items"]
                             if f["estimatedHeight"] or f["estimatedWidth"]]
                measured = ",".join(
                    f"{f['id']}:{dom[f['id']][2]:.2f}x{dom[f['id']][3]:.2f}" if f["estimatedWidth"]
                    else f"{f['id']}:{dom[f['id']][3]:.2f}" for f in estimated if f["id"] in dom)
                frames = self.server.get(f"{frames_path}&measured={measured}" if measured else frames_path)
                for frame in frames["items"]:
                    box = dom.get(frame["id"])
                    expected = [frame["x"], frame["y"], frame["width"], frame["height"]]
                    if box is None or any(abs(a - b) > 1 for a, b in zip(box, expected)):
                        problems.append(f"{name} {width}x{height} {frame['id']}: page {box} engine {expected}")
        self.resize(*SIZES[1])
        assert not problems, f"{len(problems)} frames differ:\n      " + "\n      ".join(problems[:12])

    def test_wide_windows_get_columns_and_phones_keep_their_layouts(self):
        columns = """const items = [...document.querySelectorAll(arguments[0] + ' > .items > [data-item-id]')];
            const lane = document.querySelector(arguments[0] + ' > .items');
            return [items.map(e => Math.round(e.getBoundingClientRect().top)), lane.scrollWidth - lane.clientWidth,
                    items.map(e => Math.round(e.getBoundingClientRect().width))];"""
        leaderboard = '[data-section-id="leaderboard"]'
        self.resize(1280, 800)
        self.open("/")
        tops, overflow, widths = self.script(columns, leaderboard)
        assert len(tops) >= 3 and len(set(tops[:3])) == 1, f"three leaderboard cards share a row at 1280: {tops}"
        assert overflow <= 1 and max(widths) < 420, f"no card is wider than a column: {widths}, overflow {overflow}"
        # The same page, narrowed without a reload: the container query hands it back to the phone's layout.
        self.resize(390, 844)
        tops, overflow, widths = self.script(columns, leaderboard)
        assert len(set(tops[:3])) == 3 and overflow > 0, f"a trio per column, sideways, at 390: {tops} {overflow}"
        self.open("/screens/log")
        section = max((s for s in self.dom_sections() if s.startswith("category-")),
                      key=lambda s: len(self.script(columns, f'[data-section-id="{s}"]')[0]))
        tops, _, _ = self.script(columns, f'[data-section-id="{section}"]')
        assert len(tops) >= 3, f"the demo's largest category has three habits or more: {section} {tops}"
        assert len(set(tops[:4])) == (min(len(tops), 4) + 1) // 2, f"two log buttons to a row at 390: {tops}"
        self.resize(1280, 800)
        tops, _, _ = self.script(columns, f'[data-section-id="{section}"]')
        assert len(set(tops[:4])) == 1, f"four log buttons to a row at 1280: {tops}"

    def test_screenshots_and_accessibility(self):
        paths = self.page_paths()
        problems = []
        for width, height in SIZES:
            self.resize(width, height)
            for name in PAGES:
                # The whole emoji picker is 3,655 buttons; axe checks a search's worth of the same items.
                self.open(paths[name][0] + ("&q=face" if name == "emoji" else ""))
                self.driver.save_screenshot(f"{self.screenshots}/{name}-{width}x{height}.png")
                axe = Axe(self.driver)
                axe.inject()
                results = axe.run()
                for violation in results["violations"]:
                    if violation["impact"] in ("serious", "critical"):
                        targets = [node["target"] for node in violation["nodes"][:3]]
                        problems.append(f"{name} {width}: {violation['id']} ({violation['impact']}) {targets}")
        self.resize(*SIZES[1])
        assert not problems, "accessibility:\n      " + "\n      ".join(problems)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("base")
    parser.add_argument("--proxy", required=True, help="the same server behind nginx: https://localhost:PORT")
    parser.add_argument("--today", required=True)
    parser.add_argument("--screenshots", default=".build/screenshots")
    arguments = parser.parse_args()
    suite = Suite(arguments.base, arguments.proxy, arguments.today, arguments.screenshots)
    failures = 0
    try:
        # BROWSER_TESTS=name,name runs only the tests whose names contain one of them.
        wanted = [w for w in os.environ.get("BROWSER_TESTS", "").split(",") if w]
        names = [n for n in dir(suite) if n.startswith("test_") and (not wanted or any(w in n for w in wanted))]
        # Hostile text stays in the data once written, so that test comes last.
        names.sort(key=lambda n: n == "test_hostile_text_is_text_on_every_page")
        for name in names:
            started = time.monotonic()
            try:
                getattr(suite, name)()
                # The pages run under their Content-Security-Policy: anything it refused is a defect.
                refused = [e["message"] for e in suite.driver.get_log("browser") if "Content Security Policy" in e["message"]]
                assert not refused, "the Content-Security-Policy refused:\n      " + "\n      ".join(refused[:5])
                print(f"  ok   {name} ({time.monotonic() - started:.1f} s)")
            except Exception as error:  # noqa: BLE001 - every failure is reported, then the next test runs
                failures += 1
                print(f"  FAIL {name}: {error}")
                traceback.print_exc(limit=3)
                for entry in suite.driver.get_log("browser"):
                    if entry["level"] == "SEVERE" and "favicon" not in entry["message"]:
                        print(f"    browser: {entry['message']}")
    finally:
        suite.driver.quit()
    print(f"browser tests: {failures} failed" if failures else "browser tests: all passed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
