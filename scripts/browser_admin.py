#!/usr/bin/env python3
"""The administrators' pages in a real browser, on a new server: the first account to sign up administers,
finds Administration on its account page, adds, renames and deletes a category on /admin/categories (its
colour from the colour input), is told on the page why a category holding a habit cannot go, and sees a
hostile name as text; a second account, a member, gets the 403 page. On /admin/people the first cannot give
up its role while it is the only administrator, makes the second one an administrator (who then gives the
role back), and removes it once the box is ticked. It adds a shared habit a member then sees, and answers the
member's question on /admin/help. axe finds no serious or critical violation on any of them.
Run by scripts/browser-tests.sh against a fresh server it started with `--auth accounts` and without `--demo`."""
import argparse
import sys
import time

from browser_accounts import AccountTests
from browser_walk import run_walk
from browser_first_run import browser, resize
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

PASSWORD = "a long and unusual passphrase"
STARTER_CATEGORIES = ["Health", "Fitness", "Mind", "Learning", "Home", "Other"]
SIZES = [(390, 844), (1280, 800)]
HOSTILE = "<img src=x onerror=alert(1)> \"quoted\" 'single'"


class AdminTests:
    def __init__(self, base, screenshots):
        self.base = base
        self.screenshots = screenshots
        self.ada = browser()
        self.bob = browser()
        self.notes = []

    def quit(self):
        self.ada.quit()
        self.bob.quit()

    # ---- Helpers ----

    fill = AccountTests.fill
    fetch = AccountTests.fetch
    accessible = AccountTests.accessible

    def wait_for(self, driver, condition, what, timeout=10):
        try:
            return WebDriverWait(driver, timeout, ignored_exceptions=[StaleElementReferenceException,
                                                                      NoSuchElementException]).until(
                lambda _: condition())
        except Exception as error:
            raise AssertionError(f"timed out waiting for {what} (at {driver.current_url})") from error

    def page(self, driver, path):
        driver.get(self.base + path)
        self.wait_for(driver, lambda: driver.execute_script("return document.readyState") == "complete", path)

    def sign_up(self, driver, username, name):
        self.page(driver, "/signup")
        self.fill(driver, {"username": username, "name": name, "password": PASSWORD})
        driver.find_element(By.CSS_SELECTOR, 'form[action="/signup"] button[type="submit"]').click()
        self.wait_for(driver, lambda: driver.find_elements(By.CSS_SELECTOR, ".account-link"), "signed in")

    def notice(self, driver):
        return " ".join(e.text for e in driver.find_elements(By.CSS_SELECTOR, ".form-notice"))

    def error(self, driver):
        return " ".join(e.text for e in driver.find_elements(By.CSS_SELECTOR, ".form-error"))

    def rows(self, driver):
        """The categories listed: name → (category id, its habit count, the swatch's red, green and blue)."""
        found = {}
        for row in driver.find_elements(By.CSS_SELECTOR, "li.admin-row[data-category-id]"):
            name = row.find_element(By.CSS_SELECTOR, ".admin-heading strong").text
            count = row.find_element(By.CSS_SELECTOR, ".admin-count").text
            swatch = row.find_element(By.CSS_SELECTOR, ".admin-swatch").value_of_css_property("background-color")
            # `rgba(128, 192, 255, 1)` as Chromium reads it back: its red, green and blue.
            channels = tuple(int(part) for part in swatch[swatch.index("(") + 1:-1].split(",")[:3])
            found[name] = (row.get_attribute("data-category-id"), count, channels)
        return found

    def row(self, driver, category_id):
        return driver.find_element(By.CSS_SELECTOR, f'li.admin-row[data-category-id="{category_id}"]')

    def set_color(self, driver, element, value):
        # A colour input opens the system's picker on a click; its value is set as a picker would set it.
        driver.execute_script("arguments[0].value = arguments[1];"
                              "arguments[0].dispatchEvent(new Event('input', {bubbles: true}));", element, value)

    def submit_and_wait(self, driver, button, what):
        button.click()
        self.wait_for(driver, lambda: self.notice(driver) or self.error(driver), what)

    def add_category(self, driver, name, color):
        self.page(driver, "/admin/categories")
        name_input = driver.find_element(By.ID, "new-category-name")
        name_input.clear()
        name_input.send_keys(name)
        self.set_color(driver, driver.find_element(By.ID, "new-category-color"), color)
        self.submit_and_wait(driver, driver.find_element(
            By.XPATH, '//form[@action="/admin/categories"][.//input[@value="create"]]//button[@type="submit"]'),
            f"adding {name!r}")

    # ---- The walk ----

    def test_1_the_first_account_finds_administration(self):
        driver = self.ada
        self.sign_up(driver, "ada", "Ada Lovelace")
        status, me = self.fetch(driver, "GET", "/v1/me")
        assert status == 200 and me["role"] == "administrator", f"the first account administers: {me}"
        self.page(driver, "/account")
        driver.find_element(By.LINK_TEXT, "Administration").click()
        self.wait_for(driver, lambda: driver.current_url.endswith("/admin"), "the administrators' index")
        driver.find_element(By.LINK_TEXT, "Categories").click()
        self.wait_for(driver, lambda: driver.current_url.endswith("/admin/categories"), "the categories page")
        rows = self.rows(driver)
        assert list(rows) == STARTER_CATEGORIES, f"the starter categories, in order: {list(rows)}"
        assert all(count == "0 habits" for _, count, _ in rows.values()), rows

    def test_2_adds_renames_recolours_and_deletes_a_category(self):
        driver = self.ada
        self.add_category(driver, "Mind & body", "#80c0ff")
        assert self.notice(driver) == "The category is added.", self.notice(driver) or self.error(driver)
        rows = self.rows(driver)
        assert "Mind & body" in rows, rows
        category_id, count, swatch = rows["Mind & body"]
        assert count == "0 habits" and swatch == (128, 192, 255), rows["Mind & body"]
        status, category = self.fetch(driver, "GET", f"/v1/categories/{category_id}")
        assert status == 200 and category["name"] == "Mind & body", (status, category)
        assert category["color"]["b"] == 1, f"#80c0ff is at full brightness: {category}"

        # Renamed and recoloured on its row.
        row = self.row(driver, category_id)
        name = row.find_element(By.CSS_SELECTOR, 'input[name="name"]')
        name.clear()
        name.send_keys("Calm")
        self.set_color(driver, row.find_element(By.CSS_SELECTOR, 'input[type="color"]'), "#ff0000")
        self.submit_and_wait(driver, row.find_element(By.CSS_SELECTOR, 'input[value="update"] ~ button'), "saving")
        assert self.notice(driver) == "The category is saved.", self.error(driver)
        assert self.rows(driver)["Calm"] == (category_id, "0 habits", (255, 0, 0)), self.rows(driver)

        # A habit of Ada's own in Fitness: Fitness now holds one, and cannot be deleted.
        self.page(driver, "/account/habits")
        driver.find_element(By.ID, "habit-name").send_keys("Morning stretch")
        Select(driver.find_element(By.ID, "habit-category")).select_by_visible_text("Fitness")
        driver.find_element(
            By.XPATH, '//form[@action="/account/habits"][.//input[@value="create"]]//button[@type="submit"]').click()
        self.wait_for(driver, lambda: "Your habit is added." in self.notice(driver), "the habit added")
        self.page(driver, "/admin/categories")
        fitness_id, count, _ = self.rows(driver)["Fitness"]
        assert count == "1 habit", f"Fitness holds the new habit: {count!r}"
        self.submit_and_wait(driver, self.row(driver, fitness_id).find_element(By.CSS_SELECTOR, "button.danger"),
                             "deleting Fitness")
        refusal = self.error(driver)
        assert refusal == "1 habit(s) belong to this category; move or delete them first.", refusal
        assert "Fitness" in self.rows(driver), "a refused deletion keeps the category"
        driver.save_screenshot(f"{self.screenshots}/admin-categories-refusal-1280x800.png")

        self.submit_and_wait(driver, self.row(driver, category_id).find_element(By.CSS_SELECTOR, "button.danger"),
                             "deleting Calm")
        assert self.notice(driver) == "The category is deleted.", self.error(driver)
        assert "Calm" not in self.rows(driver), self.rows(driver)

    def test_3_a_hostile_name_is_text(self):
        driver = self.ada
        self.add_category(driver, HOSTILE, "#336699")
        assert self.notice(driver) == "The category is added.", self.error(driver)
        assert HOSTILE in self.rows(driver), f"the name reads as typed: {list(self.rows(driver))}"
        assert not driver.find_elements(By.CSS_SELECTOR, "main img"), "the name made an element"
        category_id = self.rows(driver)[HOSTILE][0]
        value = self.row(driver, category_id).find_element(By.CSS_SELECTOR, 'input[name="name"]').get_attribute("value")
        assert value == HOSTILE, f"the rename field holds the name as typed: {value!r}"
        # The same name again is refused on the page, quoting it as text.
        self.add_category(driver, HOSTILE, "#336699")
        assert "already exists" in self.error(driver), self.error(driver)
        assert not driver.find_elements(By.CSS_SELECTOR, "main img"), "the refusal made an element"

    def test_4_a_member_gets_the_forbidden_page(self):
        driver = self.bob
        self.sign_up(driver, "bob", "Bob Hope")
        self.page(driver, "/account")
        assert not driver.find_elements(By.LINK_TEXT, "Administration"), "a member's account page links to /admin"
        for path in ["/admin", "/admin/categories"]:
            self.page(driver, path)
            title = driver.find_element(By.ID, "page-title").text
            assert title == "Not allowed", f"{path} for a member: {title!r}"
            assert "These pages are for administrators" in self.error(driver), self.error(driver)
            status, _ = self.fetch(driver, "GET", path)
            assert status == 403, f"{path} answers a member {status}"
        before = self.fetch(driver, "GET", "/v1/categories?limit=100")[1]["items"]
        # The page's own form, posted by a member from a page of this server: refused, nothing written.
        driver.execute_script("""
            const form = document.createElement('form');
            form.method = 'post'; form.action = '/admin/categories';
            for (const [name, value] of [['action', 'create'], ['name', 'Bob was here'], ['color', '#000000']]) {
              const input = document.createElement('input');
              input.type = 'hidden'; input.name = name; input.value = value; form.append(input);
            }
            document.body.append(form); form.submit();""")
        self.wait_for(driver, lambda: driver.current_url.endswith("/admin/categories")
                      and driver.find_elements(By.ID, "page-title"), "the answer to a member's form")
        assert driver.find_element(By.ID, "page-title").text == "Not allowed"
        after = self.fetch(driver, "GET", "/v1/categories?limit=100")[1]["items"]
        assert after == before, "a member's form wrote a category"
        driver.save_screenshot(f"{self.screenshots}/admin-forbidden-1280x800.png")

    def person(self, driver, user_id):
        return driver.find_element(By.CSS_SELECTOR, f'li.admin-row[data-user-id="{user_id}"]')

    def role(self, driver, user_id):
        return self.person(driver, user_id).find_element(By.CSS_SELECTOR, ".admin-role").text.split(" ")[0]

    def test_5_roles_are_granted_and_taken_back_and_an_account_removed(self):
        ada, bob = self.ada, self.bob
        ada_id = self.fetch(ada, "GET", "/v1/me")[1]["id"]
        bob_id = self.fetch(bob, "GET", "/v1/me")[1]["id"]
        self.page(ada, "/admin")
        ada.find_element(By.LINK_TEXT, "People").click()
        self.wait_for(ada, lambda: ada.current_url.endswith("/admin/people"), "the people page")
        assert (self.role(ada, ada_id), self.role(ada, bob_id)) == ("administrator", "member")
        # The only administrator cannot give the role up.
        self.submit_and_wait(ada, self.person(ada, ada_id).find_element(By.CSS_SELECTOR, 'button[value="revoke"]'),
                             "Ada giving up her role")
        assert "You are the last administrator" in self.error(ada), self.error(ada)
        assert self.role(ada, ada_id) == "administrator"
        # Bob is made an administrator, and his open session sees the page at once.
        self.submit_and_wait(ada, self.person(ada, bob_id).find_element(By.CSS_SELECTOR, 'button[value="grant"]'),
                             "granting Bob")
        assert self.notice(ada) == "They are an administrator now.", self.error(ada)
        assert self.role(ada, bob_id) == "administrator"
        self.page(bob, "/admin/people")
        assert bob.find_element(By.ID, "page-title").text == "People", "Bob administers now"
        # Two administrators: Bob may give his role back; his account page says so, without the link, and the
        # administrators' pages refuse him at once.
        self.submit_and_wait(bob, self.person(bob, bob_id).find_element(By.CSS_SELECTOR, 'button[value="revoke"]'),
                             "Bob giving up his role")
        assert bob.current_url.endswith("/account?notice=role-given-up"), bob.current_url
        assert self.notice(bob).startswith("You are a member now"), self.notice(bob) or self.error(bob)
        assert not bob.find_elements(By.LINK_TEXT, "Administration"), "a member's account page links to /admin"
        self.page(bob, "/admin/people")
        assert bob.find_element(By.ID, "page-title").text == "Not allowed", "Bob is a member again"
        # Removing Bob asks for the box first: the browser will not send the form without it.
        self.page(ada, "/admin/people")
        row = self.person(ada, bob_id)
        row.find_element(By.CSS_SELECTOR, "button.danger").click()
        time.sleep(0.5)
        assert ada.current_url.endswith("/admin/people") and not self.notice(ada), "removed without the box"
        assert self.fetch(ada, "GET", f"/v1/users/{bob_id}")[0] == 200, "Bob is still there"
        ada.save_screenshot(f"{self.screenshots}/admin-people-1280x800.png")
        row.find_element(By.CSS_SELECTOR, 'input[name="confirm"]').click()
        self.submit_and_wait(ada, row.find_element(By.CSS_SELECTOR, "button.danger"), "removing Bob")
        assert self.notice(ada) == "The account and everything it held are deleted.", self.error(ada)
        assert not ada.find_elements(By.CSS_SELECTOR, f'li.admin-row[data-user-id="{bob_id}"]'), "Bob is listed"
        self.page(bob, "/account")
        self.wait_for(bob, lambda: "/signin" in bob.current_url, "Bob's browser signed out with his account")

    def test_6_a_shared_habit_and_an_answered_question(self):
        ada, carol = self.ada, self.bob
        # Bob's browser is signed out with his account: Carol, a new member, signs up in it.
        self.sign_up(carol, "carol", "Carol Member")
        self.page(ada, "/admin/habits")
        ada.find_element(By.ID, "new-habit-name").send_keys("Read ten pages")
        ada.find_element(By.ID, "new-habit-emoji").send_keys("📚")
        Select(ada.find_element(By.ID, "new-habit-category")).select_by_visible_text("Learning")
        self.submit_and_wait(ada, ada.find_element(
            By.XPATH, '//form[@action="/admin/habits"][.//input[@value="create"]]//button[@type="submit"]'),
            "adding a shared habit")
        assert self.notice(ada) == "The habit is added to the shared catalogue.", self.error(ada)
        status, habits = self.fetch(carol, "GET", "/v1/habits?limit=200")
        shared = [h for h in habits["items"] if h["name"] == "Read ten pages"]
        assert status == 200 and shared and shared[0]["visibility"] == "shared", f"Carol sees it: {habits}"
        # Carol asks the help desk; the question waits on /admin/help until Ada answers it.
        status, asked = self.fetch(carol, "POST", "/v1/help/questions",
                                   {"question": "How do I <b>skip</b> a day?", "authorID": self.fetch(
                                       carol, "GET", "/v1/me")[1]["id"]})
        assert status == 201, (status, asked)
        self.page(ada, "/admin/help")
        row = ada.find_element(By.CSS_SELECTOR, f'li.admin-row[data-question-id="{asked["id"]}"]')
        assert row.find_element(By.CSS_SELECTOR, ".admin-question").text == "How do I <b>skip</b> a day?"
        row.find_element(By.CSS_SELECTOR, "textarea").send_keys("Open the habit's calendar and skip the day.")
        self.submit_and_wait(ada, row.find_element(By.CSS_SELECTOR, "button"), "answering")
        assert self.notice(ada).startswith("The answer is saved"), self.error(ada)
        status, question = self.fetch(carol, "GET", f"/v1/help/questions/{asked['id']}")
        assert question["answer"] == "Open the habit's calendar and skip the day.", (status, question)

    def test_6b_a_program_on_discover_and_a_help_topic(self):
        ada, carol = self.ada, self.bob
        self.page(ada, "/admin")
        ada.find_element(By.LINK_TEXT, "Programs").click()
        self.wait_for(ada, lambda: ada.current_url.endswith("/admin/programs"), "the programs page")
        for field, text in [("program-title", "A <i>month</i> of reading"), ("program-author", "Ada"),
                            ("program-summary", "Ten pages a day"), ("program-amount", "19900"),
                            ("program-tag", "New")]:
            ada.find_element(By.ID, field).clear()
            ada.find_element(By.ID, field).send_keys(text)
        ada.find_element(By.ID, "program-currency").clear()
        ada.find_element(By.ID, "program-currency").send_keys("KRW")
        Select(ada.find_element(By.ID, "program-category")).select_by_visible_text("Learning")
        Select(ada.find_element(By.ID, "program-habits")).select_by_visible_text("Read ten pages")
        ada.find_element(By.ID, "program-featured").click()
        self.submit_and_wait(ada, ada.find_element(By.CSS_SELECTOR, "#program-form button[type=submit]"),
                             "adding a program")
        assert self.notice(ada) == "The program is added: Discover shows it.", self.error(ada)
        status, programs = self.fetch(carol, "GET", "/v1/programs")
        program = next(p for p in programs["items"] if p["title"] == "A <i>month</i> of reading")
        assert program["price"] == {"amount": "19900", "currency": "KRW"} and program["featured"], program
        assert program["tag"] == "New" and len(program["habitIDs"]) == 1, program
        # Carol finds it on Discover, its title as text.
        self.page(carol, "/screens/discover")
        self.wait_for(carol, lambda: "A <i>month</i> of reading" in carol.find_element(By.TAG_NAME, "main").text,
                      "the program on Carol's Discover")
        # A refused edit keeps what was typed and says why; a good one saves.
        row = ada.find_element(By.CSS_SELECTOR, f'li.admin-row[data-program-id="{program["id"]}"]')
        row.find_element(By.PARTIAL_LINK_TEXT, "Edit").click()
        self.wait_for(ada, lambda: "Edit “A <i>month</i> of reading”" in ada.find_element(By.ID, "form-title").text,
                      "the program's form")
        ada.find_element(By.ID, "program-amount").clear()
        ada.find_element(By.ID, "program-amount").send_keys("199.5")
        self.submit_and_wait(ada, ada.find_element(By.CSS_SELECTOR, "#program-form button[type=submit]"),
                             "a refused price")
        assert "KRW has 0 digit(s) after the point" in self.error(ada), self.error(ada)
        assert ada.find_element(By.ID, "program-amount").get_attribute("value") == "199.5"
        ada.find_element(By.ID, "program-amount").clear()
        ada.find_element(By.ID, "program-amount").send_keys("0")
        self.submit_and_wait(ada, ada.find_element(By.CSS_SELECTOR, "#program-form button[type=submit]"),
                             "saving the program")
        assert self.notice(ada) == "The program is saved.", self.error(ada)
        assert self.fetch(carol, "GET", f"/v1/programs/{program['id']}")[1]["price"]["amount"] == "0"
        # A help topic, added and renamed; a member cannot open the page.
        self.page(ada, "/admin/tags")
        ada.find_element(By.ID, "new-tag-name").send_keys("Getting started")
        self.submit_and_wait(ada, ada.find_element(
            By.XPATH, '//form[.//input[@value="create"]]//button[@type="submit"]'), "adding a topic")
        assert self.notice(ada) == "The topic is added.", self.error(ada)
        tags = self.fetch(carol, "GET", "/v1/help/tags")[1]["items"]
        assert [t["name"] for t in tags] == ["Getting started"], tags
        for path in ["/admin/tags", "/admin/programs"]:
            self.page(carol, path)
            assert carol.find_element(By.ID, "page-title").text == "Not allowed", f"{path} for a member"
            assert self.fetch(carol, "GET", path)[0] == 403, f"{path} answers a member"

    def test_7_accessible_and_photographed(self):
        pages = [(self.ada, "admin", "/admin"), (self.ada, "admin-categories", "/admin/categories"),
                 (self.ada, "admin-people", "/admin/people"), (self.ada, "admin-habits", "/admin/habits"),
                 (self.ada, "admin-help", "/admin/help"), (self.ada, "admin-tags", "/admin/tags"),
                 (self.ada, "admin-programs", "/admin/programs"),
                 (self.ada, "admin-program-edit", "/admin/programs?edit=1"),
                 (self.bob, "admin-forbidden", "/admin/people")]
        for driver, name, path in pages:
            self.page(driver, path)
            self.accessible(driver, name)
        for size in SIZES:
            for driver, name, path in pages:
                resize(driver, *size)
                self.page(driver, path)
                overflow = driver.execute_script(
                    "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
                if overflow > 1:
                    self.notes.append(f"{name} {size[0]}x{size[1]}: the page scrolls sideways by {overflow} px")
                driver.save_screenshot(f"{self.screenshots}/{name}-{size[0]}x{size[1]}.png")
        for driver in (self.ada, self.bob):
            resize(driver, *SIZES[1])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("base")
    parser.add_argument("--screenshots", default=".build/screenshots")
    arguments = parser.parse_args()
    suite = AdminTests(arguments.base.rstrip("/"), arguments.screenshots)
    started_all = time.monotonic()
    try:
        failures = run_walk(suite, [(suite.ada, "ada"), (suite.bob, "bob")], "admin")
    finally:
        suite.quit()
    for note in suite.notes:
        print(f"  FAIL layout: {note}")
        failures += 1
    elapsed = time.monotonic() - started_all
    print(f"administrators' pages browser tests: {failures} failed ({elapsed:.1f} s)" if failures
          else f"administrators' pages browser tests: all passed ({elapsed:.1f} s)")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
