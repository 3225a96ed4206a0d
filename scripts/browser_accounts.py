#!/usr/bin/env python3
"""Accounts mode in a real browser: sign up, sign out, sign in, the account page, a second browser
profile that cannot act as the first, and a private account that leaves the other's Home live. Run by
scripts/browser-tests.sh against a server it started with `--auth accounts`."""
import argparse
import json
import shutil
import subprocess
import sys
import time
import traceback

from axe_selenium_python import Axe
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

PASSWORD = "a long and unusual passphrase"


def browser():
    """A new Chromium with a profile of its own: its own cookies."""
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--hide-scrollbars", "--lang=en-US"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)
    driver.set_window_size(1280, 800)
    return driver


class AccountTests:
    def __init__(self, base, screenshots):
        self.base = base
        self.screenshots = screenshots
        self.first = browser()
        self.second = browser()

    def quit(self):
        self.first.quit()
        self.second.quit()

    def wait_for(self, driver, condition, what, timeout=10):
        try:
            WebDriverWait(driver, timeout).until(lambda _: condition())
        except Exception as error:
            raise AssertionError(f"timed out waiting for {what} (at {driver.current_url})") from error

    def fill(self, driver, fields):
        for name, value in fields.items():
            element = driver.find_element(By.NAME, name)
            element.clear()
            element.send_keys(value)

    def submit(self, driver, action):
        # The account page has two token forms (revoke per token, create): the last one creates.
        driver.find_elements(By.CSS_SELECTOR, f'form[action="{action}"] button[type="submit"]')[-1].click()

    def sign_up(self, driver, username, name):
        driver.get(self.base + "/screens/today")
        self.wait_for(driver, lambda: "/signin" in driver.current_url, "the sign-in page")
        driver.find_element(By.LINK_TEXT, "Create an account").click()
        self.wait_for(driver, lambda: "/signup" in driver.current_url, "the sign-up page")
        self.fill(driver, {"username": username, "name": name, "password": PASSWORD, "timeZone": "Europe/Paris"})
        self.submit(driver, "/signup")
        self.wait_for(driver, lambda: driver.current_url.endswith("/screens/today"), "Today after signing up")
        link = driver.find_element(By.CSS_SELECTOR, ".account-link")
        assert link.text == name, f"the header names {link.text!r}"

    def fetch(self, driver, method, path, body=None):
        """A same-origin fetch from the page, as the page's own script would send it."""
        script = """
            const [method, path, body, done] = arguments;
            fetch(path, {method, headers: {'Content-Type': 'application/json'},
                         body: body === null ? undefined : JSON.stringify(body)})
              .then(async r => done([r.status, await r.text()])).catch(e => done([0, String(e)]));
        """
        status, text = driver.execute_async_script(script, method, path, body)
        try:
            return status, json.loads(text) if text else None
        except ValueError:
            return status, text

    def accessible(self, driver, name):
        axe = Axe(driver)
        axe.inject()
        problems = [f"{name}: {v['id']} ({v['impact']})" for v in axe.run()["violations"]
                    if v["impact"] in ("serious", "critical")]
        assert not problems, "accessibility:\n      " + "\n      ".join(problems)

    def test_sign_up_sign_out_and_sign_in(self):
        driver = self.first
        self.sign_up(driver, "ada_browser", "Ada Browser")
        driver.save_screenshot(f"{self.screenshots}/accounts-today-signed-in.png")
        self.submit(driver, "/signout")
        self.wait_for(driver, lambda: "/signin" in driver.current_url, "the sign-in page after signing out")
        assert "You are signed out." in driver.page_source
        self.accessible(driver, "signin")
        driver.save_screenshot(f"{self.screenshots}/accounts-signin.png")
        # A wrong password keeps the browser out, and says so.
        self.fill(driver, {"username": "ada_browser", "password": "not the passphrase"})
        self.submit(driver, "/signin")
        self.wait_for(driver, lambda: "is wrong" in driver.page_source, "the refusal")
        self.fill(driver, {"username": "ADA_browser", "password": PASSWORD})
        self.submit(driver, "/signin")
        self.wait_for(driver, lambda: driver.find_elements(By.CSS_SELECTOR, ".account-link"), "Home, signed in")
        status, me = self.fetch(driver, "GET", "/v1/me")
        assert status == 200 and me["username"] == "ada_browser", (status, me)

    def test_the_account_page(self):
        driver = self.first
        driver.get(self.base + "/account")
        self.wait_for(driver, lambda: "Your account" in driver.page_source, "the account page")
        self.accessible(driver, "account")
        self.fill(driver, {"bio": "Up at six."})
        driver.find_element(By.CSS_SELECTOR, 'input[name="visibility"][value="private"]').click()
        self.submit(driver, "/account")
        self.wait_for(driver, lambda: "Your profile is saved." in driver.page_source, "the saved profile")
        assert self.fetch(driver, "GET", "/v1/me")[1]["visibility"] == "private"
        driver.find_element(By.ID, "token-name").send_keys("laptop")
        self.submit(driver, "/account/tokens")
        self.wait_for(driver, lambda: driver.find_elements(By.ID, "new-token"), "the new token")
        token = driver.find_element(By.ID, "new-token").text
        assert token.startswith("habits_"), token
        driver.save_screenshot(f"{self.screenshots}/accounts-account.png")
        driver.get(self.base + "/account")
        assert token not in driver.page_source, "a token's secret is shown once only"

    def test_a_second_profile_cannot_act_as_the_first(self):
        if not self.first.find_elements(By.CSS_SELECTOR, ".account-link"):
            self.first.get(self.base + "/")
        status, ada = self.fetch(self.first, "GET", "/v1/me")
        assert status == 200, (status, ada)
        self.sign_up(self.second, "bob_browser", "Bob Browser")
        status, bob = self.fetch(self.second, "GET", "/v1/me")
        assert bob["username"] == "bob_browser", bob
        habit = self.fetch(self.second, "GET", "/v1/habits?limit=1")[1]["items"][0]["id"]
        attempts = [
            ("PUT", f"/v1/users/{ada['id']}/favorites/{habit}", None),
            ("POST", "/v1/logs", {"userID": ada["id"], "habitID": habit}),
            ("PATCH", f"/v1/users/{ada['id']}", {"name": "Mallory"}),
        ]
        for method, path, body in attempts:
            status, answer = self.fetch(self.second, method, path, body)
            assert status == 403, f"{method} {path} as the second profile: {status} {answer}"
        status, logged = self.fetch(self.second, "POST", "/v1/logs", {"userID": bob["id"], "habitID": habit})
        assert status == 201, (status, logged)
        assert self.fetch(self.first, "GET", "/v1/me")[1]["name"] == "Ada Browser"
        # The first profile is still itself; the second sees only its own account page.
        self.second.get(self.base + "/account")
        assert "bob_browser" in self.second.page_source and "ada_browser" not in self.second.page_source

    def test_a_private_account_disappears_live_and_comes_back_once_approved(self):
        ada, bob = self.first, self.second
        ada_id = self.fetch(ada, "GET", "/v1/me")[1]["id"]
        bob_id = self.fetch(bob, "GET", "/v1/me")[1]["id"]
        assert self.fetch(ada, "PATCH", "/v1/me", {"visibility": "public"})[0] == 200
        # A habit of its own (the first account administers), so that Ada leads its leaderboard.
        category = self.fetch(ada, "GET", "/v1/categories?limit=1")[1]["items"][0]["id"]
        status, habit = self.fetch(ada, "POST", "/v1/habits", {"name": "Browser stretching", "categoryID": category})
        assert status == 201, (status, habit)
        assert self.fetch(bob, "PUT", f"/v1/users/{bob_id}/favorites/{habit['id']}")[0] == 204
        assert self.fetch(ada, "POST", "/v1/logs", {"userID": ada_id, "habitID": habit["id"]})[0] == 201
        bob.get(self.base + "/screens/home")
        self.wait_for(bob, lambda: "Ada Browser" in self.home_text(bob), "Ada on Bob's Home")
        # Ada goes private through her account page: Bob's open Home loses her without a reload.
        ada.get(self.base + "/account")
        ada.find_element(By.CSS_SELECTOR, 'input[name="visibility"][value="private"]').click()
        self.submit(ada, "/account")
        self.wait_for(ada, lambda: "Your profile is saved." in ada.page_source, "the saved profile")
        self.wait_for(bob, lambda: "Ada Browser" not in self.home_text(bob), "Ada gone from Bob's Home", timeout=15)
        assert self.fetch(bob, "GET", f"/v1/users/{ada_id}")[0] == 404
        bob.save_screenshot(f"{self.screenshots}/accounts-private-gone.png")
        # Bob asks to follow by username; Ada approves on her account page; Bob's Home shows her again.
        bob.get(self.base + "/account")
        self.fill(bob, {"username": "ada_browser"})
        self.submit(bob, "/account/follow")
        self.wait_for(bob, lambda: "waits for their approval" in bob.page_source, "the request sent")
        ada.get(self.base + "/account")
        self.wait_for(ada, lambda: "Bob Browser" in ada.page_source, "Bob's request on Ada's account page")
        self.accessible(ada, "account with a follow request")
        ada.find_element(By.CSS_SELECTOR, 'form[action="/account/follow-requests"] button[value="approve"]').click()
        self.wait_for(ada, lambda: "they follow you now" in ada.page_source, "the approval")
        bob.get(self.base + "/screens/home")
        self.wait_for(bob, lambda: "Ada Browser" in self.home_text(bob), "Ada back on Bob's Home")
        assert self.fetch(bob, "GET", f"/v1/users/{ada_id}")[0] == 200

    def test_your_habits(self):
        """A habit of one's own from the plain form: listed, on the Habits screen for its owner only,
        in the calendar feed, archived and gone."""
        driver = self.first
        driver.get(self.base + "/account/habits")
        self.wait_for(driver, lambda: "Add a habit" in driver.page_source, "Your habits")
        self.accessible(driver, "your habits")
        self.fill(driver, {"name": "Balance board"})
        driver.find_element(By.CSS_SELECTOR, 'input[name="kind"][value="weekdays"]').click()
        for day in ("mon", "fri"):
            driver.find_element(By.NAME, day).click()
        driver.execute_script("document.getElementById('habit-reminder').value = '07:30'")
        self.submit(driver, "/account/habits")
        self.wait_for(driver, lambda: "Your habit is added." in driver.page_source, "the added habit")
        assert "Every Mon, Fri." in driver.page_source and "reminds at 07:30" in driver.page_source
        driver.save_screenshot(f"{self.screenshots}/accounts-your-habits.png")
        driver.get(self.base + "/screens/habits")
        self.wait_for(driver, lambda: "Balance board" in self.home_text(driver), "the own habit on Habits")
        if self.second.find_elements(By.CSS_SELECTOR, ".account-link"):
            self.second.get(self.base + "/screens/habits")
            self.wait_for(self.second, lambda: self.second.find_elements(By.CSS_SELECTOR, "main"), "Habits")
            assert "Balance board" not in self.home_text(self.second), "someone else's personal habit is shown"
        driver.get(self.base + "/account/habits")
        driver.find_element(By.CSS_SELECTOR, 'form[action="/account/calendar"] button').click()
        self.wait_for(driver, lambda: driver.find_elements(By.ID, "calendar-url"), "the calendar address")
        address = driver.find_element(By.ID, "calendar-url").text
        path = address[address.index("/v1/me/calendar.ics"):]
        # The QR code beside it, as the page draws it, reads back as exactly that address.
        qr = driver.find_element(By.CSS_SELECTOR, ".qr-code svg")
        picture = f"{self.screenshots}/accounts-calendar-qr.png"
        qr.screenshot(picture)
        # browser-tests.sh installs zbarimg on Linux; elsewhere the reading is left to whoever has it.
        if shutil.which("zbarimg") or sys.platform.startswith("linux"):
            decoded = subprocess.run(
                ["zbarimg", "--quiet", "--raw", picture], capture_output=True, text=True, timeout=30)
            assert decoded.returncode == 0 and decoded.stdout.strip() == address, (decoded.stdout, address)
        status, feed = self.fetch(driver, "GET", path)
        assert status == 200 and "BEGIN:VCALENDAR" in feed and "RRULE:FREQ=WEEKLY;BYDAY=MO,FR" in feed, (status, feed)
        driver.get(self.base + "/account/habits")
        row = next(item for item in driver.find_elements(By.CSS_SELECTOR, ".account-list li")
                   if "Balance board" in item.text)
        row.find_element(By.CSS_SELECTOR, "button").click()
        self.wait_for(driver, lambda: "The habit is archived" in driver.page_source, "the archived habit")
        # Archived: gone from every screen.
        driver.get(self.base + "/screens/habits")
        self.wait_for(driver, lambda: "Balance board" not in self.home_text(driver), "the archived habit gone")

    def home_text(self, driver):
        """The text of the page's screen, without its header (which names the signed-in account)."""
        return " ".join(element.text for element in driver.find_elements(By.CSS_SELECTOR, "main"))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("base")
    parser.add_argument("--screenshots", default=".build/screenshots")
    arguments = parser.parse_args()
    suite = AccountTests(arguments.base, arguments.screenshots)
    failures = 0
    try:
        for name in ["test_sign_up_sign_out_and_sign_in", "test_the_account_page",
                     "test_a_second_profile_cannot_act_as_the_first",
                     "test_a_private_account_disappears_live_and_comes_back_once_approved", "test_your_habits"]:
            started = time.monotonic()
            try:
                getattr(suite, name)()
                for driver in (suite.first, suite.second):
                    refused = [e["message"] for e in driver.get_log("browser")
                               if "Content Security Policy" in e["message"]]
                    assert not refused, "the Content-Security-Policy refused:\n      " + "\n      ".join(refused[:5])
                print(f"  ok   {name} ({time.monotonic() - started:.1f} s)")
            except Exception as error:  # noqa: BLE001 - every failure is reported, then the next test runs
                failures += 1
                print(f"  FAIL {name}: {error}")
                traceback.print_exc(limit=3)
    finally:
        suite.quit()
    print(f"account browser tests: {failures} failed" if failures else "account browser tests: all passed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
