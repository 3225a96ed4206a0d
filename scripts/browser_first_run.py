#!/usr/bin/env python3
"""A new server's first run in a real browser, as a new person walks it: no demo data, accounts mode.
The first account signs up through the form, finds the starter categories in Your Habits, adds a habit
of its own, logs it, ticks it on Today, sees its streak, signs out and back in; a second browser profile
signs up as a member and follows the first from People. Run by scripts/browser-tests.sh against a fresh
server it started with `--auth accounts` and without `--demo`."""
import argparse
import datetime
import shutil
import sys
import time
import zoneinfo

from axe_selenium_python import Axe
from browser_accounts import AccountTests
from browser_empty_states import EmptyStateChecks
from browser_walk import run_walk
from selenium import webdriver
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

PASSWORD = "a long and unusual passphrase"
STARTER_CATEGORIES = ["Health", "Fitness", "Mind", "Learning", "Home", "Other"]
HABIT = "Morning stretch"
CATEGORY = "Fitness"
SIZES = [(390, 844), (1280, 800)]


def browser():
    """A new Chromium with a profile of its own: its own cookies."""
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--hide-scrollbars", "--lang=en-US"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)
    resize(driver, *SIZES[1])
    return driver


def resize(driver, width, height):
    """The window's content at exactly `width`×`height`, as browser_tests.py sizes it."""
    driver.set_window_size(width, height)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})


class FirstRunTests(EmptyStateChecks):
    def __init__(self, base, screenshots):
        self.base = base
        self.screenshots = screenshots
        self.ada = browser()
        self.bob = browser()
        # What the walk learns on the way: the accounts, the starter categories, the habit added.
        self.ada_me = None
        self.categories = None
        self.habit = None
        self.notes = []

    def quit(self):
        self.ada.quit()
        self.bob.quit()

    # ---- Helpers ----

    def wait_for(self, driver, condition, what, timeout=10):
        """Waits for `condition`; a live update replacing an element meanwhile is only a reason to look again."""
        try:
            return WebDriverWait(driver, timeout, ignored_exceptions=[StaleElementReferenceException,
                                                                      NoSuchElementException]).until(
                lambda _: condition())
        except Exception as error:
            raise AssertionError(f"timed out waiting for {what} (at {driver.current_url})") from error

    resize = staticmethod(resize)

    # The same form and fetch helpers as the accounts-mode test.
    fill = AccountTests.fill
    submit = AccountTests.submit
    fetch = AccountTests.fetch

    def open(self, driver, path, screen):
        driver.get(self.base + path)
        self.wait_for_screen(driver, screen)

    def wait_for_screen(self, driver, screen):
        self.wait_for(driver, lambda: driver.execute_script(
            "return document.readyState === 'complete' && document.getElementById('screen')?.dataset.screen")
            == screen, f"the {screen} screen")

    def click(self, driver, element):
        # Into the middle of the window: the tab bar covers the bottom of a phone's.
        driver.execute_script("arguments[0].scrollIntoView({block: 'center', behavior: 'instant'})", element)
        element.click()

    def click_when_settled(self, driver, css, what):
        """Clicks what `css` finds; a live update may replace it between finding and clicking, so find again."""
        for _ in range(5):
            element = self.wait_for(driver, lambda: driver.find_element(By.CSS_SELECTOR, css), what)
            try:
                self.click(driver, element)
                return
            except StaleElementReferenceException:
                continue
        raise AssertionError(f"{what} ({css}) kept being replaced")

    def text(self, driver, css):
        """The text of what `css` finds in the screen, "" when nothing (or only a replaced element) is there."""
        try:
            return " ".join(e.text for e in driver.find_elements(By.CSS_SELECTOR, f"main {css}"))
        except StaleElementReferenceException:
            return ""

    def item(self, item_id):
        return f'[data-item-id="{item_id}"]'

    def accessible(self, driver, name):
        axe = Axe(driver)
        axe.inject()
        problems = [f"{name}: {v['id']} ({v['impact']}) {[n['target'] for n in v['nodes'][:3]]}"
                    for v in axe.run()["violations"] if v["impact"] in ("serious", "critical")]
        assert not problems, "accessibility:\n      " + "\n      ".join(problems)

    def sign_up_from_the_front_door(self, driver, username, name):
        """BASE, not signed in: the sign-in page, its link to the sign-up form, the form as it comes."""
        driver.get(self.base + "/")
        self.wait_for(driver, lambda: "/signin" in driver.current_url, "the sign-in page for a new visitor")
        driver.find_element(By.LINK_TEXT, "Create an account").click()
        self.wait_for(driver, lambda: "/signup" in driver.current_url, "the sign-up page")
        # The heading starts where its form starts.
        heading, form = (driver.find_element(By.CSS_SELECTOR, css).rect["x"] for css in ("main h1", "main form"))
        assert abs(heading - form) <= 1, f"the sign-up heading starts at x={heading}, its form at x={form}"
        zone = driver.find_element(By.NAME, "timeZone").get_attribute("value")
        assert zone, "the sign-up form proposes a time zone"
        self.fill(driver, {"username": username, "name": name, "password": PASSWORD})
        self.submit(driver, "/signup")
        self.wait_for_screen(driver, "home")
        link = driver.find_element(By.CSS_SELECTOR, ".account-link")
        assert link.text == name, f"the header should name {name!r} after signing up, it names {link.text!r}"
        status, me = self.fetch(driver, "GET", "/v1/me")
        assert status == 200 and me["username"] == username, f"GET /v1/me after signing up: {status} {me}"
        return me

    def today_in_zone(self, driver, zone):
        """The account's today, from the server's clock the page carries (the server runs a fixed time)."""
        stamp = driver.find_element(By.ID, "screen").get_attribute("data-server-time")
        now = datetime.datetime.fromisoformat(stamp.replace("Z", "+00:00"))
        return now.astimezone(zoneinfo.ZoneInfo(zone)).date().isoformat()

    def own_count(self, driver):
        """The viewer's count of the habit on its habit screen (the ranking's "(you)" row), None if unranked."""
        self.open(driver, f"/screens/habit?habit={self.habit['id']}", "habit")
        rows = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "main .item-userCount")]
        mine = [row for row in rows if "(you)" in row]
        return int(mine[0].split()[-1]) if mine else None

    def overlap_note(self, driver, screen_name, size):
        """Records each item whose menu buttons sit over its own text."""
        overlaps = driver.execute_script("""
            const hits = [];
            for (const item of document.querySelectorAll('main .item')) {
              const texts = [...item.querySelectorAll('.item-body strong, .item-body span')];
              for (const button of item.querySelectorAll('.item-menu .menu-action')) {
                const b = button.getBoundingClientRect();
                for (const text of texts) {
                  for (const r of text.getClientRects()) {
                    if (b.left < r.right - 1 && r.left < b.right - 1 && b.top < r.bottom - 1 && r.top < b.bottom - 1) {
                      const words = text.textContent.slice(0, 40);
                      hits.push(`${item.dataset.itemId}: "${button.textContent}" covers "${words}"`);
                    }
                  }
                }
              }
            }
            return [...new Set(hits)];""")
        for overlap in overlaps:
            self.notes.append(f"{screen_name} {size[0]}x{size[1]}: {overlap}")

    # ---- The walk ----

    def test_1_the_first_account_signs_up_and_administers(self):
        driver = self.ada
        self.ada_me = self.sign_up_from_the_front_door(driver, "ada", "Ada Lovelace")
        assert self.ada_me["role"] == "administrator", f"the first account should administer: {self.ada_me}"
        assert self.ada_me["visibility"] == "public", f"a new account should be public: {self.ada_me}"
        status, categories = self.fetch(driver, "GET", "/v1/categories?limit=100")
        assert status == 200, (status, categories)
        names = [category["name"] for category in categories["items"]]
        assert names == STARTER_CATEGORIES, f"the first account should find the starter categories, found {names}"
        self.categories = {category["name"]: category["id"] for category in categories["items"]}

    def test_1b_every_screen_of_a_new_server_is_empty_and_clean(self):
        self.check_empty_screens(self.ada, "ada", ["empty-leaderboard", "empty-following", "empty-today",
                                                   "empty-log", "empty-streak", "empty-people"])

    def test_2_home_welcomes_and_the_first_habit_is_added(self):
        driver = self.ada
        self.open(driver, "/", "home")
        welcome = self.item("empty-leaderboard")
        text = self.text(driver, welcome)
        assert "Welcome" in text and "Add your first habit" in text, f"Home's welcome card says {text!r}"
        link = driver.find_element(By.CSS_SELECTOR, f"main {welcome} a.item-body")
        assert link.get_attribute("href").endswith("/screens/yourHabits"), link.get_attribute("href")
        # The welcome card as a phone and a laptop show it.
        for size in SIZES:
            resize(driver, *size)
            driver.save_screenshot(f"{self.screenshots}/first-run-home-welcome-{size[0]}x{size[1]}.png")
            self.overlap_note(driver, "Home (welcome)", size)
        resize(driver, *SIZES[1])
        self.accessible(driver, "home (welcome)")
        # Habits offers the same way in, at its top.
        self.open(driver, "/screens/habits", "habits")
        first = driver.find_element(By.CSS_SELECTOR, "main .sections > section")
        assert first.get_attribute("data-section-id") == "yours", "Your Habits comes first on Habits"
        assert first.find_element(By.CSS_SELECTOR, "a.item-body").get_attribute("href").endswith(
            "/screens/yourHabits"), "Habits' first item opens Your Habits"

        # Follow the welcome card's call to action.
        self.open(driver, "/", "home")
        self.click_when_settled(driver, f"main {welcome} a.item-body", "Home's 'Add your first habit'")
        self.wait_for_screen(driver, "yourHabits")
        assert "No habits of your own yet" in self.text(driver, '[data-section-id="own"]'), "no habits yet"
        select = driver.find_element(By.CSS_SELECTOR, 'main .form-field[data-field="categoryID"] select')
        options = [option.text for option in Select(select).options]
        # The form lists the categories by name.
        assert options == sorted(STARTER_CATEGORIES), f"the form's category list should be the starter six: {options}"
        driver.find_element(By.CSS_SELECTOR, 'main .form-field[data-field="name"] input').send_keys(HABIT)
        Select(select).select_by_visible_text(CATEGORY)
        self.click_when_settled(driver, "main .item-formSubmit button.item-body", "Add Habit")
        self.wait_for(driver, lambda: "Habit added." in self.text(driver, ".notice"), "the notice 'Habit added.'")
        rows = '[data-section-id="own"] .item-ownHabit'
        self.wait_for(driver, lambda: HABIT in self.text(driver, rows), f"{HABIT!r} in the list of Your Habits")
        row = driver.find_element(By.CSS_SELECTOR, f"main {rows}")
        assert "Every day" in row.text, f"the new habit's schedule reads {row.text!r}"
        habit_id = int(row.get_attribute("data-item-id").removeprefix("own-"))
        status, habit = self.fetch(driver, "GET", f"/v1/habits/{habit_id}")
        assert status == 200, (status, habit)
        assert habit["name"] == HABIT and habit["categoryID"] == self.categories[CATEGORY], habit
        assert habit["ownerID"] == self.ada_me["id"] and habit["visibility"] == "personal", habit
        self.habit = habit
        name = driver.find_element(By.CSS_SELECTOR, 'main .form-field[data-field="name"] input')
        assert name.get_attribute("value") == "", "the form starts again after adding"
        # It is on Habits, under its category.
        self.open(driver, "/screens/habits", "habits")
        section = f'[data-section-id="category-{self.categories[CATEGORY]}"]'
        assert HABIT in self.text(driver, f"{section} {self.item(f'habit-{habit_id}')}"), \
            f"{HABIT!r} should be on Habits under {CATEGORY}: {self.text(driver, section)!r}"

    def test_3_logged_ticked_and_a_streak_of_one(self):
        driver = self.ada
        habit_id = self.habit["id"]
        today = self.today_in_zone(driver, self.ada_me["timeZone"])
        assert self.own_count(driver) is None, "nothing is counted before the first log"
        # Log: one tap.
        self.open(driver, "/screens/log", "log")
        entry = f"main {self.item(f'habit-{habit_id}')}"
        button = driver.find_element(By.CSS_SELECTOR, f"{entry} button.item-body")
        assert button.get_attribute("aria-label") == f"Log {HABIT}", button.get_attribute("aria-label")
        assert "Undo" not in self.text(driver, f"{self.item(f'habit-{habit_id}')} .item-menu"), "no Undo before"
        self.click_when_settled(driver, f"{entry} button.item-body", f"Log {HABIT}")
        self.wait_for(driver, lambda: "Undo" in self.text(driver, f"{self.item(f'habit-{habit_id}')} .item-menu"),
                      "the Log button's Undo after one tap")
        count = self.own_count(driver)
        assert count == 1, f"one tap on Log should count 1 on the habit's ranking, it shows {count}"
        # Today lists favourites: a new person favourites the habit on Habits, as Today's empty card says.
        self.open(driver, "/screens/today", "today")
        card = self.text(driver, self.item("empty-today"))
        assert "Favorite a habit on Habits" in card, f"Today without favourites says {card!r}"
        self.open(driver, "/screens/habits", "habits")
        self.click_when_settled(driver, f"main {self.item(f'habit-{habit_id}')} button.menu-action[data-method='PUT']",
                                "Favorite")
        self.wait_for(driver, lambda: driver.find_elements(
            By.CSS_SELECTOR, f'main [data-section-id="favorites"] {self.item(f"favorite-{habit_id}")}'),
            "the habit among the favourites on Habits")
        # Today: already done by the log, with a one-day streak; a tap takes today back, another ticks it.
        self.open(driver, "/screens/today", "today")
        row = self.item(f"habit-{habit_id}")

        def state():
            return self.text(driver, f"{row} .today-mark"), self.text(driver, f"{row} .caption")

        assert state() == ("✓", "Done today · 1-day streak"), f"Today after the log shows {state()}"
        self.click_when_settled(driver, f"main {row} button.item-body", "Today's row (undo)")
        self.wait_for(driver, lambda: state() == ("○", "Not yet today"), f"today undone (shows {state()})")
        assert self.own_count(driver) is None, "undoing today on Today takes its log back"
        self.open(driver, "/screens/today", "today")
        button = driver.find_element(By.CSS_SELECTOR, f"main {row} button.item-body")
        assert button.get_attribute("aria-label") == f"Mark {HABIT} done today", button.get_attribute("aria-label")
        self.click_when_settled(driver, f"main {row} button.item-body", "Today's row (tick)")
        self.wait_for(driver, lambda: state() == ("✓", "Done today · 1-day streak"),
                      f"today ticked with a one-day streak (shows {state()})")
        count = self.own_count(driver)
        assert count == 1, f"the tick on Today should count 1 on the habit's ranking, it shows {count}"
        # Home's card for the favourite counts it too.
        self.open(driver, "/", "home")
        card = self.text(driver, self.item(f"habit-{habit_id}"))
        assert HABIT in card and "You 1 (1st)" in card, f"Home's card for {HABIT!r} reads {card!r}"
        # Streak, from Today's row.
        self.open(driver, "/screens/today", "today")
        link = driver.find_element(By.CSS_SELECTOR, f"main {row} .item-menu a.menu-action")
        assert link.text == "Open Streak", link.text
        self.click(driver, link)
        self.wait_for_screen(driver, "streak")
        assert driver.find_element(By.ID, "screen-title").text == HABIT, "the streak screen names the habit"
        number = self.text(driver, ".streak-number")
        label = self.text(driver, ".streak-label")
        assert (number, label) == ("1", "Current Streak"), f"the streak screen shows {number!r} {label!r}"
        assert driver.find_elements(By.CSS_SELECTOR, f'main {self.item(f"day-{today}")} .day.done.today'), \
            f"today ({today}) is marked done on the streak calendar"

    def test_4_signed_out_and_back_in_the_habit_stays(self):
        driver = self.ada
        self.open(driver, "/", "home")
        self.submit(driver, "/signout")
        self.wait_for(driver, lambda: "/signin" in driver.current_url, "the sign-in page after signing out")
        assert "You are signed out." in driver.page_source, "the sign-in page says the account is signed out"
        driver.get(self.base + "/screens/yourHabits")
        self.wait_for(driver, lambda: "/signin" in driver.current_url, "signed out, Your Habits asks to sign in")
        self.fill(driver, {"username": "ada", "password": PASSWORD})
        self.submit(driver, "/signin")
        self.wait_for_screen(driver, "yourHabits")
        assert driver.find_element(By.CSS_SELECTOR, ".account-link").text == "Ada Lovelace"
        habit_id = self.habit["id"]
        row = self.item(f"own-{habit_id}")
        assert HABIT in self.text(driver, row), f"{HABIT!r} is still among Your Habits after signing in again"
        self.open(driver, "/screens/today", "today")
        caption = self.text(driver, f"{self.item(f'habit-{habit_id}')} .caption")
        assert caption == "Done today · 1-day streak", f"Today after signing in again: {caption!r}"

    def test_4b_a_new_member_meets_clean_empty_screens(self):
        self.bob_me = self.sign_up_from_the_front_door(self.bob, "bob", "Bob Hope")
        assert self.bob_me["role"] == "member", f"the second account should be a member: {self.bob_me}"
        # Ada's habit is her own: Bob, on a server with data, still has nothing to tick, log or follow.
        self.check_empty_screens(self.bob, "bob", ["empty-leaderboard", "empty-following", "empty-today",
                                                   "empty-log", "empty-streak", f"user-{self.ada_me['id']}"])

    def test_5_a_second_account_is_a_member_and_follows_the_first(self):
        driver = self.bob
        bob = self.bob_me
        self.open(driver, "/", "home")
        status, answer = self.fetch(driver, "POST", "/v1/categories",
                                    {"name": "Bob's", "color": {"h": 0.5, "s": 0.5, "b": 0.5}})
        assert status == 403, f"a member should not make a category: {status} {answer}"
        names = [c["name"] for c in self.fetch(driver, "GET", "/v1/categories?limit=100")[1]["items"]]
        assert names == STARTER_CATEGORIES, f"the starter categories are planted once only: {names}"
        # Bob is new too: his Home welcomes him, and follows no one.
        assert "Add your first habit" in self.text(driver, self.item("empty-leaderboard")), "Bob's welcome"
        assert "You follow no one yet" in self.text(driver, '[data-section-id="followedUsers"]')
        # Someone else's personal habit is not his to see.
        self.open(driver, "/screens/habits", "habits")
        assert HABIT not in self.text(driver, ".sections"), "Ada's personal habit is shown to Bob"
        # People: Ada (public) is listed; Bob follows her.
        self.open(driver, "/", "home")
        driver.find_element(By.CSS_SELECTOR, 'nav.tab-bar a[href="/screens/users"]').click()
        self.wait_for_screen(driver, "users")
        card = self.item(f"user-{self.ada_me['id']}")
        assert "Ada Lovelace" in self.text(driver, card), f"People lists Ada: {self.text(driver, '.sections')!r}"
        self.click_when_settled(driver, f"main {card} button.menu-action[data-method='PUT']", "Follow Ada")
        self.wait_for(driver, lambda: "Unfollow" in self.text(driver, f"{card} .item-menu")
                      and "Following" in self.text(driver, f"{card} .item-body"), "Ada followed on People")
        self.open(driver, "/", "home")
        ada_id = self.ada_me["id"]
        followed = f'[data-section-id="followedUsers"] {self.item(f"user-{ada_id}")}'
        self.wait_for(driver, lambda: "Ada Lovelace" in self.text(driver, followed), "Ada on Bob's Home")
        assert not driver.find_elements(By.CSS_SELECTOR, f"main {self.item('empty-following')}"), \
            "Bob's Home still says he follows no one"
        status, following = self.fetch(driver, "GET", f"/v1/users/{bob['id']}/following")
        assert status == 200 and ada_id in [user["id"] for user in following["items"]], \
            f"Bob's following list should hold Ada: {status} {following}"
        driver.save_screenshot(f"{self.screenshots}/first-run-bob-home-1280x800.png")

    def test_6_accessible_and_photographed(self):
        driver = self.ada
        habit_id = self.habit["id"]
        for name, path, screen in [("home", "/", "home"), ("today", "/screens/today", "today"),
                                   ("your habits", "/screens/yourHabits", "yourHabits")]:
            self.open(driver, path, screen)
            self.accessible(driver, name)
        pages = [("home", "/", "home"), ("today", "/screens/today", "today"), ("habits", "/screens/habits", "habits"),
                 ("your-habits", "/screens/yourHabits", "yourHabits"), ("log", "/screens/log", "log"),
                 ("streak", f"/screens/streak?habit={habit_id}", "streak")]
        for size in SIZES:
            resize(driver, *size)
            for name, path, screen in pages:
                self.open(driver, path, screen)
                overflow = driver.execute_script(
                    "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
                if overflow > 1:
                    self.notes.append(f"{name} {size[0]}x{size[1]}: the page scrolls sideways by {overflow} px")
                self.overlap_note(driver, name, size)
                driver.save_screenshot(f"{self.screenshots}/first-run-{name}-{size[0]}x{size[1]}.png")
        resize(driver, *SIZES[1])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("base")
    parser.add_argument("--screenshots", default=".build/screenshots")
    arguments = parser.parse_args()
    suite = FirstRunTests(arguments.base.rstrip("/"), arguments.screenshots)
    started_all = time.monotonic()
    try:
        failures = run_walk(suite, [(suite.ada, "ada"), (suite.bob, "bob")], "first-run")
    finally:
        suite.quit()
    # A page that scrolls sideways, or an item's button over its own text, is a defect a person sees.
    for note in suite.notes:
        print(f"  FAIL layout: {note}")
        failures += 1
    elapsed = time.monotonic() - started_all
    print(f"first-run browser tests: {failures} failed ({elapsed:.1f} s)" if failures
          else f"first-run browser tests: all passed ({elapsed:.1f} s)")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
