"""Skips, notes and undo in a real browser; mixed into the Suite of browser_tests.py.

A calendar day is skipped and unskipped from its context menu, today's note is written under the calendar,
and a log on the Log screen is taken back by the same button's Undo; the server holds each, and the page
follows live."""
import datetime
import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait


class DayTests:
    def day_entries(self, habit_id, first, last):
        path = f"/v1/users/{self.viewer['id']}/habits/{habit_id}/days?from={first}&to={last}"
        return {entry["day"]: entry for entry in self.server.get(path).get("entries", [])}

    def shifted(self, days):
        return (datetime.date.fromisoformat(self.today) + datetime.timedelta(days=days)).isoformat()

    def test_a_day_is_skipped_and_unskipped_from_its_menu_and_today_gets_a_note(self):
        self.resize(1280, 800)
        self.open("/screens/streak")
        document = self.server.get("/v1/screens/streak")
        habit_id = document["sections"][0]["items"][0]["content"]["habitID"]
        days = next(s for s in document["sections"] if s["id"] == "days")["items"]
        open_days = [item for item in days if item["type"] == "calendarDay" and not item["content"]["done"]
                     and not item["content"]["future"] and not item["content"]["today"]
                     and not item["content"].get("skipped")]
        assert open_days, "a past day not done to skip"
        day = open_days[-1]["content"]["date"]
        cell = f'[data-item-id="day-{day}"]'
        ActionChains(self.driver).context_click(self.driver.find_element(By.CSS_SELECTOR, cell)).perform()
        assert self.menu_entries() == ["Skip"], f"a day's menu: {self.menu_entries()}"
        self.choose("Skip")
        WebDriverWait(self.driver, 3).until(lambda d: d.find_elements(By.CSS_SELECTOR, f"{cell} .day.skipped"))
        assert self.day_entries(habit_id, day, day)[day]["isSkipped"] is True
        ActionChains(self.driver).context_click(self.driver.find_element(By.CSS_SELECTOR, cell)).perform()
        assert self.menu_entries() == ["Unskip"], f"a skipped day's menu: {self.menu_entries()}"
        self.choose("Unskip")
        WebDriverWait(self.driver, 3).until(lambda d: not d.find_elements(By.CSS_SELECTOR, f"{cell} .day.skipped"))

        # Today's note, written under the calendar, reaches the server and the day's cell.
        field = self.driver.find_element(By.CSS_SELECTOR, '.form-field[data-field="note"] input')
        self.script("arguments[0].scrollIntoView({block: 'center'})", field)
        field.clear()
        field.send_keys("Rainy, <b>still</b> went")
        self.driver.find_element(By.CSS_SELECTOR, '[data-item-id="submit-note"] button.item-body').click()
        today = self.today
        WebDriverWait(self.driver, 3).until(
            lambda d: self.day_entries(habit_id, today, today).get(today, {}).get("note") == "Rainy, <b>still</b> went")
        WebDriverWait(self.driver, 3).until(lambda d: d.find_elements(
            By.CSS_SELECTOR, f'[data-item-id="day-{today}"] .day-note'))
        assert not self.driver.find_elements(By.CSS_SELECTOR, f'[data-item-id="day-{today}"] b'), "the note is text"

    def test_undo_on_the_log_screen_takes_back_the_log_just_made(self):
        self.resize(390, 844)
        self.open("/screens/log")
        button = self.driver.find_element(By.CSS_SELECTOR, '[data-section-id^="category-"] .item-logHabit')
        item_id = button.get_attribute("data-item-id")
        habit_id = int(item_id.split("-")[1])
        user = self.viewer["id"]

        def count():
            # Today in any zone the viewer may be in: the day before and after the server's too.
            path = f"/v1/users/{user}/habits/{habit_id}/days?from={self.shifted(-1)}&to={self.shifted(1)}"
            days = self.server.get(path)
            return sum(entry["logCount"] for entry in days["entries"])

        before = count()
        body = button.find_element(By.CSS_SELECTOR, "button.item-body")
        self.script("arguments[0].scrollIntoView({block: 'center'})", body)
        body.click()
        WebDriverWait(self.driver, 3).until(lambda d: count() == before + 1)
        undo = f"//div[@data-item-id='{item_id}']//button[text()='Undo']"
        WebDriverWait(self.driver, 3).until(lambda d: d.find_elements(By.XPATH, undo))
        self.driver.find_element(By.XPATH, undo).click()
        WebDriverWait(self.driver, 3).until(lambda d: count() == before)
        self.resize(1280, 800)

    def test_a_log_made_offline_waits_and_is_sent_when_the_connection_returns(self):
        self.resize(390, 844)
        self.open("/screens/log")
        opened = datetime.datetime.now(datetime.timezone.utc)
        # The page carries the server's clock (which the test server holds still): a waiting log is
        # stamped in it, the time since the page was made added.
        page_time = self.driver.find_element(By.ID, "screen").get_attribute("data-server-time")
        server_then = datetime.datetime.fromisoformat(page_time.replace("Z", "+00:00"))
        button = self.driver.find_element(By.CSS_SELECTOR, '[data-section-id^="category-"] .item-logHabit')
        habit_id = int(button.get_attribute("data-item-id").split("-")[1])
        user = self.viewer["id"]
        since = (server_then - datetime.timedelta(days=1)).strftime("%Y-%m-%dT%H:%M:%SZ")

        def logs():
            items = self.server.get(f"/v1/users/{user}/logs?from={since}&limit=200")["items"]
            return [log for log in items if log["habitID"] == habit_id]

        before = len(logs())
        conditions = {"latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
        self.driver.execute_cdp_cmd("Network.enable", {})
        self.driver.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": True, **conditions})
        try:
            body = button.find_element(By.CSS_SELECTOR, "button.item-body")
            self.script("arguments[0].scrollIntoView({block: 'center'})", body)
            made = datetime.datetime.now(datetime.timezone.utc)
            body.click()
            WebDriverWait(self.driver, 5).until(lambda d: d.find_elements(By.ID, "pending-writes"))
            banner = self.driver.find_element(By.ID, "pending-writes").text
            assert "1 log waits" in banner, banner
            time.sleep(2)
            assert len(logs()) == before, "nothing reached the server while offline"
        finally:
            self.driver.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": False, **conditions})
        WebDriverWait(self.driver, 15).until(lambda d: len(logs()) == before + 1)
        WebDriverWait(self.driver, 5).until(lambda d: not d.find_elements(By.ID, "pending-writes"))
        # The log keeps the time it was made, not the time it was sent.
        stamp = datetime.datetime.fromisoformat(logs()[-1]["timestamp"].replace("Z", "+00:00"))
        expected = server_then + (made - opened)
        assert abs((stamp - expected).total_seconds()) < 3, f"stamped {stamp}, made at {expected}"
        # Sent once: the queue holds nothing more, and no second copy arrives.
        time.sleep(6)
        assert len(logs()) == before + 1
        # Taken back, so that the Log screen's menus are as the other tests expect them.
        status, _ = self.server.call(f"/v1/logs/{logs()[-1]['id']}", method="DELETE")
        assert status == 204, status
        self.resize(1280, 800)

    def test_the_service_worker_keeps_the_shell_and_the_screens_seen_until_sign_in_changes(self):
        self.open("/screens/log")
        kept = """
            const done = arguments[arguments.length - 1];
            navigator.serviceWorker.ready
              .then(() => new Promise((resolve) => setTimeout(resolve, 300)))
              .then(async () => done({
                controlled: navigator.serviceWorker.controller !== null,
                shell: !!(await caches.match('/web/app.js')),
                page: !!(await caches.match(location.pathname)),
              }))
              .catch((error) => done({ error: String(error) }));
        """
        self.driver.set_script_timeout(10)
        first = self.driver.execute_async_script(kept)
        assert first.get("shell"), f"the app shell is kept: {first}"
        # Controlled from the next load on: the page seen then is kept.
        self.open("/screens/log")
        second = self.driver.execute_async_script(kept)
        assert second.get("controlled") and second.get("page"), f"the page seen is kept: {second}"
        # Visiting the sign-in page forgets every screen kept (they are someone's).
        self.driver.execute_script("fetch('/signin').catch(() => {})")
        WebDriverWait(self.driver, 5).until(
            lambda d: not d.execute_async_script(kept).get("page"))
