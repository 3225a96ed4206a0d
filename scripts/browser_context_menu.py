"""Context menus in a real browser; mixed into the Suite of browser_tests.py.

A right-click, a long press (touch) and Shift+F10 on an item with menu actions open a menu of those actions;
an entry does what the item's own control does, live; Escape closes it and gives the focus back."""
import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

MENU = ".context-menu[role=menu]"


class ContextMenuTests:
    def menu_entries(self):
        return self.script(f"""const menu = document.querySelector('{MENU}');
            return menu ? [...menu.querySelectorAll('[role=menuitem]')].map(e => e.textContent) : null;""")

    def choose(self, title):
        entry = self.driver.find_element(By.XPATH, f"//div[@role='menu']//button[@role='menuitem'][text()='{title}']")
        entry.click()

    def test_a_right_click_on_a_habit_favourites_it(self):
        self.resize(1280, 800)
        self.open("/screens/habits")
        row = self.driver.find_element(
            By.XPATH, "//section[@data-section-id!='favorites']//div[@data-item-id][.//button[text()='Favorite']]")
        habit_id = row.get_attribute("data-item-id").split("-")[1]
        ActionChains(self.driver).context_click(row.find_element(By.CSS_SELECTOR, ".item-body")).perform()
        assert self.menu_entries() == ["Favorite"], f"the habit's menu: {self.menu_entries()}"
        self.choose("Favorite")
        assert self.menu_entries() is None, "choosing an entry closes the menu"
        WebDriverWait(self.driver, 2).until(lambda d: d.find_elements(
            By.CSS_SELECTOR, f'[data-section-id="favorites"] [data-item-id="favorite-{habit_id}"]'))
        favorites = self.server.get(f"/v1/users/{self.viewer['id']}/favorites?limit=200")["items"]
        assert int(habit_id) in [habit["id"] for habit in favorites], "the server has it"
        # An item without menu actions keeps the browser's own menu: nothing of ours opens.
        self.open("/screens/help")
        ActionChains(self.driver).context_click(self.driver.find_element(By.CSS_SELECTOR, "main h1")).perform()
        assert self.menu_entries() is None, "no menu of ours outside items with actions"

    def test_the_keyboard_opens_moves_and_closes_a_persons_menu(self):
        self.resize(390, 844)
        self.open("/screens/users")
        card = self.driver.find_element(By.XPATH, "//div[@data-item-id][.//button[text()='Follow']]")
        item = card.get_attribute("data-item-id")
        link = card.find_element(By.CSS_SELECTOR, ".item-body")
        self.script("arguments[0].focus()", link)
        ActionChains(self.driver).key_down(Keys.SHIFT).send_keys(Keys.F10).key_up(Keys.SHIFT).perform()
        assert self.menu_entries() == ["Follow"], f"Shift+F10 opens the person's menu: {self.menu_entries()}"
        focused = self.script("return document.activeElement.getAttribute('role')")
        assert focused == "menuitem", f"the first entry has the focus, not {focused}"
        ActionChains(self.driver).send_keys(Keys.ESCAPE).perform()
        assert self.menu_entries() is None, "Escape closes the menu"
        assert self.script("return document.activeElement === arguments[0]", link), "the focus is back on the card"
        # Enter on an entry runs it: the card turns to Unfollow, live.
        ActionChains(self.driver).key_down(Keys.SHIFT).send_keys(Keys.F10).key_up(Keys.SHIFT).perform()
        ActionChains(self.driver).send_keys(Keys.ENTER).perform()
        # An updated item is a new element: read it again by id.
        WebDriverWait(self.driver, 2).until(lambda d: d.find_elements(
            By.XPATH, f"//div[@data-item-id='{item}']//button[text()='Unfollow']"))
        self.resize(1280, 800)

    def test_a_long_press_opens_the_menu_on_a_touch_screen(self):
        self.resize(390, 844)
        self.open("/screens/log")
        button = self.driver.find_element(By.CSS_SELECTOR, '[data-section-id^="category-"] .item-logHabit .item-body')
        box = self.script("const r = arguments[0].getBoundingClientRect(); return [r.left + 20, r.top + 15];", button)
        point = {"x": box[0], "y": box[1], "id": 1}
        self.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
        time.sleep(0.8)
        entries = self.menu_entries()
        self.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        assert entries and entries[0] in ("Favorite", "Unfavorite"), f"a long press opens the menu: {entries}"
        self.script("document.body.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true}))")
        assert self.menu_entries() is None, "a press elsewhere closes it"
        self.resize(1280, 800)
