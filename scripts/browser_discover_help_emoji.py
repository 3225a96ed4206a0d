"""Browser tests of Discover, Help and the emoji picker; mixed into the Suite of browser_tests.py."""
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait


class DiscoverHelpEmojiTests:
    def discover_help_emoji_paths(self, habit_id):
        emoji = f"habit={habit_id}"
        return {
            "discover": ("/screens/discover", "/v1/screens/discover"),
            "help": ("/screens/help", "/v1/screens/help"),
            "emoji": (f"/screens/emoji?{emoji}", f"/v1/screens/emoji?{emoji}"),
        }

    def conformance_paths(self, habit_id):
        search = f"habit={habit_id}&q=cat"
        return {
            "emoji-search": (f"/screens/emoji?{search}", f"/v1/screens/emoji?{search}"),
            "emoji-grid": (f"/screens/emoji?{search}&layout=grid", f"/v1/screens/emoji?{search}&layout=grid"),
        }

    def click(self, element):
        # The tab bar is fixed at the bottom: what lies under it is brought to the middle first.
        self.script("arguments[0].scrollIntoView({block: 'center'})", element)
        element.click()

    def mark_page(self):
        self.script("window.__samePage = true")

    def assert_same_page(self, what):
        assert self.script("return window.__samePage === true"), f"{what} reloaded the page"

    def items_of(self, api):
        document = self.server.get(api)
        return [[item["id"], item["type"]] for section in document["sections"] for item in section["items"]]

    def wait_for_items(self, api, seconds=3):
        expected = None

        def matches(_):
            nonlocal expected
            expected = self.items_of(api)
            return self.dom_items() == expected
        try:
            WebDriverWait(self.driver, seconds, poll_frequency=0.1).until(matches)
        except Exception:
            raise AssertionError(f"the page's items never matched {api}: {self.dom_items()[:8]} … vs {expected[:8]} …")

    # ---- Discover ----

    def test_discover_swimlanes_scroll_sideways(self):
        self.resize(390, 844)
        self.open("/screens/discover")
        lanes = self.script("""return [...document.querySelectorAll('[data-section-id^="programs-"] > .items')]
            .map(e => [e.parentElement.dataset.sectionId, e.scrollWidth, e.clientWidth])""")
        assert lanes, "Discover has swimlanes"
        section, scroll_width, client_width = max(lanes, key=lambda lane: lane[1] - lane[2])
        distance = min(200, scroll_width - client_width)
        assert distance >= 100, f"the widest swimlane overflows the screen: {lanes}"
        lane = f'document.querySelector(\'[data-section-id="{section}"] > .items\')'
        first = self.script(f"return {lane}.querySelector('[data-item-id]').getBoundingClientRect().left")
        self.script(f"{lane}.scrollLeft = {distance}")
        time.sleep(0.2)
        scrolled = self.script(f"return [{lane}.scrollLeft, {lane}.scrollWidth, {lane}.clientWidth]")
        assert scrolled[0] >= distance - 1, f"the swimlane scrolls: scrollLeft, scrollWidth, clientWidth = {scrolled}"
        moved = self.script(f"return {lane}.querySelector('[data-item-id]').getBoundingClientRect().left")
        assert abs((first - moved) - distance) <= 1, f"cards moved {first - moved} px, not {distance}"
        assert self.script("return window.scrollX") == 0, "the page itself does not scroll sideways"
        banner = self.driver.find_element(By.CSS_SELECTOR, '[data-section-id="banner"] [data-item-id]')
        assert abs(banner.rect["height"] - 220) <= 1, f"banner is {banner.rect['height']} px tall"
        self.resize(1280, 800)

    # ---- Help ----

    def test_a_help_tag_filters_the_questions(self):
        self.open("/screens/help")
        self.mark_page()
        chip = self.driver.find_elements(By.CSS_SELECTOR, '[data-section-id="tags"] a.item-body')[0]
        tag_id = chip.find_element(By.XPATH, "ancestor::div[@data-item-id][1]").get_attribute("data-item-id")[4:]
        self.click(chip)
        WebDriverWait(self.driver, 3).until(lambda d: f"tag={tag_id}" in d.current_url)
        self.wait_for_items(f"/v1/screens/help?tag={tag_id}")
        selected = self.driver.find_element(By.CSS_SELECTOR, f'[data-item-id="tag-{tag_id}"] .chip')
        assert selected.get_attribute("aria-current") == "true", "the chosen tag is selected"
        self.assert_same_page("choosing a tag")
        self.driver.back()
        WebDriverWait(self.driver, 3).until(lambda d: "tag=" not in d.current_url)
        self.wait_for_items("/v1/screens/help")

    def test_an_open_question_stays_open_while_another_is_added_live(self):
        self.resize(390, 844)
        self.open("/screens/help")
        self.mark_page()
        first = self.driver.find_element(By.CSS_SELECTOR, '[data-section-id="questions"] [data-item-id]')
        first_id = first.get_attribute("data-item-id")
        self.click(first.find_element(By.TAG_NAME, "summary"))
        self.script("window.scrollTo(0, 120)")
        time.sleep(0.1)
        scroll = self.script("return window.scrollY")
        status, created = self.server.call("/v1/help/questions", "POST", {
            "question": "Does a new question keep my place?", "answer": "Yes: yours stays open."})
        assert status == 201, f"POST /v1/help/questions: {status} {created}"
        WebDriverWait(self.driver, 3).until(lambda d: d.find_elements(
            By.CSS_SELECTOR, f'[data-item-id="question-{created["id"]}"]'))
        still_open = self.script(
            f"return document.querySelector('[data-item-id=\"{first_id}\"] details').open")
        assert still_open, "the open question stayed open"
        assert abs(self.script("return window.scrollY") - scroll) <= 1, "the scroll position stayed"
        self.assert_same_page("a live question")
        self.server.call(f"/v1/help/questions/{created['id']}", "DELETE")
        self.resize(1280, 800)

    def test_the_contact_form_refuses_an_empty_question_and_lists_a_sent_one(self):
        self.open("/screens/help")
        self.click(self.driver.find_element(By.CSS_SELECTOR, ".contact-open"))
        dialog = self.driver.find_element(By.CSS_SELECTOR, "dialog.contact-dialog")
        assert dialog.get_attribute("open") is not None, "the form opens"
        field = dialog.find_element(By.TAG_NAME, "textarea")
        field.send_keys("   ")
        self.script("document.querySelector('.contact-form').requestSubmit()")
        error = dialog.find_element(By.CSS_SELECTOR, ".contact-error")
        WebDriverWait(self.driver, 2).until(lambda d: error.is_displayed())
        assert "empty" in error.text, error.text
        text = f"Can I see my streaks on a watch? {time.time():.0f}"
        field.clear()
        field.send_keys(text)
        self.click(dialog.find_element(By.CSS_SELECTOR, ".contact-send"))
        WebDriverWait(self.driver, 3).until(lambda d: dialog.get_attribute("open") is None)
        WebDriverWait(self.driver, 3).until(lambda d: any(
            text in e.text for e in d.find_elements(By.CSS_SELECTOR, '[data-section-id="questions"] [data-item-id]')))
        mine = next(e for e in self.driver.find_elements(By.CSS_SELECTOR, '[data-section-id="questions"] [data-item-id]')
                    if text in e.text)
        assert "Waiting for an answer" in mine.text, mine.text

    # ---- The emoji picker ----

    def test_picking_an_emoji_sets_the_icon_and_leads_recents(self):
        habit_id = self.page_paths()["habit"][0].split("=")[1]
        self.open(f"/screens/emoji?habit={habit_id}")
        self.mark_page()
        search = self.driver.find_element(By.CSS_SELECTOR, ".search-input")
        search.send_keys("cat")
        WebDriverWait(self.driver, 3).until(lambda d: "q=cat" in d.current_url)
        self.wait_for_items(f"/v1/screens/emoji?habit={habit_id}&q=cat")
        cat = self.driver.find_element(By.CSS_SELECTOR, '[data-item-id="animals-nature-1f408"] button')
        self.click(cat)
        WebDriverWait(self.driver, 3).until(lambda d: [i for i, _ in self.dom_items()
                                                       if i.startswith("recents-")][:1] == ["recents-1f408"])
        assert self.server.get(f"/v1/habits/{habit_id}")["emoji"] == "🐈", "the habit's icon is the cat"
        assert self.server.get(f"/v1/users/{self.viewer['id']}/recent-emoji")["items"][0] == "🐈"
        # Collapsing a group is a changeset too.
        self.click(self.driver.find_element(By.CSS_SELECTOR, '[data-item-id="group-animals-nature"] a'))
        WebDriverWait(self.driver, 3).until(lambda d: "collapsed=animals-nature" in d.current_url)
        self.wait_for_items(f"/v1/screens/emoji?habit={habit_id}&q=cat&collapsed=animals-nature")
        search = self.driver.find_element(By.CSS_SELECTOR, ".search-input")
        search.send_keys(Keys.END, " face")
        WebDriverWait(self.driver, 3).until(lambda d: "face" in d.current_url)
        self.assert_same_page("searching and collapsing")
