"""The habit editor in a real browser; mixed into the Suite of browser_tests.py.

Your Habits is a server-driven form like every other screen: a new habit is added through its fields
(weekdays shown only for a weekday schedule), edited, moved and archived, and the server holds each."""
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait


class YourHabitsTests:
    def your_habits_paths(self):
        return {"yourHabits": ("/screens/yourHabits", "/v1/screens/yourHabits")}

    def field(self, name):
        return self.driver.find_element(By.CSS_SELECTOR, f'.form-field[data-field="{name}"]')

    def field_shown(self, name):
        return self.script("return !arguments[0].closest('.item').hidden", self.field(name))

    def own_habits(self):
        return self.server.get(f"/v1/users/{self.viewer['id']}/habit-order")["items"]

    def click(self, element):
        # Into the middle of the window: the tab bar covers the bottom of a phone's.
        self.script("arguments[0].scrollIntoView({block: 'center'})", element)
        element.click()

    def wait(self, condition):
        """Waits for `condition`; an element a live update replaced meanwhile is only a reason to look again."""
        return WebDriverWait(self.driver, 3, ignored_exceptions=[StaleElementReferenceException]).until(condition)

    def click_when_settled(self, xpath):
        """Clicks what `xpath` finds; a live update may replace it between finding and clicking, so find again."""
        for _ in range(5):
            try:
                self.click(self.wait(lambda d: d.find_element(By.XPATH, xpath)))
                return
            except StaleElementReferenceException:
                continue
        raise AssertionError(f"{xpath} kept being replaced")

    def submit(self):
        self.click_when_settled("//div[contains(@class, 'item-formSubmit')]//button[contains(@class, 'item-body')]")

    def test_the_editor_adds_edits_moves_and_archives_a_habit_of_ones_own(self):
        self.resize(390, 844)
        self.open("/screens/yourHabits")
        before = len(self.own_habits())
        # The weekdays appear only for a weekday schedule, the count a week only for a weekly one.
        assert not self.field_shown("schedule.weekdays") and not self.field_shown("schedule.timesPerWeek")
        Select(self.field("schedule.kind").find_element(By.TAG_NAME, "select")).select_by_value("weekdays")
        assert self.field_shown("schedule.weekdays"), "choosing weekdays shows the days"
        # Nothing named: the form says so and sends nothing.
        self.submit()
        notice = self.driver.find_element(By.CSS_SELECTOR, ".notice")
        assert "Name is needed" in notice.text, f"an empty name is refused on the page: {notice.text!r}"
        assert len(self.own_habits()) == before
        self.field("name").find_element(By.TAG_NAME, "input").send_keys("Evening walk")
        days = self.field("schedule.weekdays")
        for box in days.find_elements(By.CSS_SELECTOR, "input[type=checkbox]:checked"):
            self.click(box.find_element(By.XPATH, ".."))
        for day in ("tue", "thu"):
            self.click(days.find_element(By.CSS_SELECTOR, f'input[value="{day}"]').find_element(By.XPATH, ".."))
        self.field("reminder").find_element(By.TAG_NAME, "input").send_keys("0745PM")
        self.submit()
        self.wait(lambda d: len(self.own_habits()) == before + 1)
        added = self.own_habits()[-1]
        assert added["name"] == "Evening walk" and added["visibility"] == "personal", added
        assert added["schedule"] == {"kind": "weekdays", "weekdays": ["tue", "thu"], "timesPerDay": 1}, added
        assert added["reminder"] == "19:45", added
        # It shows up live in the list, and the form starts again.
        row = f'[data-item-id="own-{added["id"]}"]'
        self.wait(lambda d: d.find_elements(By.CSS_SELECTOR, row))
        assert "Tue, Thu" in self.driver.find_element(By.CSS_SELECTOR, row).text
        assert self.field("name").find_element(By.TAG_NAME, "input").get_attribute("value") == ""

        # Edit: the row opens the form filled in; Save changes the habit and goes back to adding.
        self.click_when_settled(f"//div[@data-item-id='own-{added['id']}']//a[contains(@class, 'item-body')]")
        self.wait(
            lambda d: self.field("name").find_element(By.TAG_NAME, "input").get_attribute("value") == "Evening walk")
        Select(self.field("schedule.kind").find_element(By.TAG_NAME, "select")).select_by_value("weekly")
        assert not self.field_shown("schedule.weekdays") and self.field_shown("schedule.timesPerWeek")
        count = self.field("schedule.timesPerWeek").find_element(By.TAG_NAME, "input")
        count.clear()
        count.send_keys("2")
        reminder = self.field("reminder").find_element(By.TAG_NAME, "input")
        self.script("arguments[0].value = ''", reminder)
        self.submit()
        self.wait(
            lambda d: self.server.get(f"/v1/habits/{added['id']}")["schedule"].get("kind") == "weekly")
        edited = self.server.get(f"/v1/habits/{added['id']}")
        assert edited["schedule"]["timesPerWeek"] == 2 and edited.get("reminder") is None, edited
        self.wait(lambda d: "habit=" not in d.current_url)

        # Move it up one place, then archive it: both from its own menu.
        order = [habit["id"] for habit in self.own_habits()]
        if len(order) > 1:
            self.click_when_settled(f"//div[@data-item-id='own-{added['id']}']//button[text()='Move Up']")
            moved = order[:-2] + [order[-1], order[-2]]
            self.wait(lambda d: [h["id"] for h in self.own_habits()] == moved)
        archive = f"//div[@data-item-id='own-{added['id']}']//button[text()='Archive']"
        self.click_when_settled(archive)
        self.wait(
            lambda d: d.find_elements(By.CSS_SELECTOR, f'[data-section-id="archived"] {row}'))
        assert self.server.get(f"/v1/habits/{added['id']}")["archived"] is True
        self.resize(1280, 800)
