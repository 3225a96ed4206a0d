#!/usr/bin/env python3
"""Widgets in a real browser, on a new server: the first account adds a habit, finds Widgets on its account
page, sees each family previewed (and again in the dark theme), makes an address of each family and copies the
Markdown and HTML the page shows; a second browser, signed in nowhere, shows the four images in `<img>` at 1×
and 2× (screenshots kept); a revoked address stops answering at once. axe finds no serious or critical
violation on the gallery at a phone's width and a desktop's, where nothing spills sideways.
Run by scripts/browser-tests.sh against a fresh server it started with `--auth accounts` and without `--demo`."""
import argparse
import html
import os
import re
import sys
import tempfile
import time

from browser_accounts import AccountTests
from browser_admin import AdminTests
from browser_first_run import browser, resize
from browser_walk import run_walk
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

PASSWORD = "a long and unusual passphrase"
FAMILIES = {"small": (170, 170), "medium": (364, 170), "large": (364, 382), "card": (495, 195)}
SIZES = [(390, 844), (1280, 800)]


class WidgetTests:
    def __init__(self, base, screenshots):
        self.base = base
        self.screenshots = screenshots
        self.ada = browser()
        self.viewer = browser()
        self.urls = {}
        self.habit = None

    def quit(self):
        self.ada.quit()
        self.viewer.quit()

    fill = AccountTests.fill
    fetch = AccountTests.fetch
    accessible = AccountTests.accessible
    wait_for = AdminTests.wait_for
    page = AdminTests.page

    def previews_loaded(self, driver):
        """Each preview's family → its drawn width, once every image has loaded."""
        return driver.execute_script("""
            const found = {};
            for (const img of document.querySelectorAll('.widget-gallery img')) {
              if (!img.complete || img.naturalWidth === 0) return null;
              found[img.src.match(/preview\\/(\\w+)\\.svg/)[1]] = img.naturalWidth;
            }
            return found;""")

    # ---- The walk ----

    def test_1_the_first_account_adds_a_habit_and_finds_widgets(self):
        driver = self.ada
        self.page(driver, "/signup")
        self.fill(driver, {"username": "ada", "name": "Ada", "password": PASSWORD})
        driver.find_element(By.CSS_SELECTOR, 'form[action="/signup"] button[type="submit"]').click()
        self.wait_for(driver, lambda: driver.find_elements(By.CSS_SELECTOR, ".account-link"), "signed in")
        status, categories = self.fetch(driver, "GET", "/v1/categories")
        assert status == 200 and categories["items"], (status, categories)
        status, habit = self.fetch(driver, "POST", "/v1/habits", {
            "name": "Stretch <b>&</b>", "categoryID": categories["items"][0]["id"], "emoji": "🤸",
            "visibility": "personal"})
        assert status == 201, (status, habit)
        self.habit = habit["id"]
        status, me = self.fetch(driver, "GET", "/v1/me")
        user = me["id"]
        for day in ("2026-03-08", "2026-03-09", "2026-03-10"):
            status, _ = self.fetch(driver, "PUT", f"/v1/users/{user}/habits/{self.habit}/days/{day}")
            assert status == 204, status
        status, _ = self.fetch(driver, "PUT", f"/v1/users/{user}/favorites/{self.habit}")
        assert status == 204, status
        self.page(driver, "/account")
        driver.find_element(By.LINK_TEXT, "Widgets").click()
        self.wait_for(driver, lambda: "/account/widgets" in driver.current_url, "the widgets page")

    def test_2_every_family_is_previewed_in_each_theme(self):
        driver = self.ada
        loaded = self.wait_for(driver, lambda: self.previews_loaded(driver), "the previews")
        assert loaded == {family: size[0] for family, size in FAMILIES.items()}, loaded
        Select(driver.find_element(By.ID, "widget-theme")).select_by_value("dark")
        driver.find_element(By.CSS_SELECTOR, 'form[method="get"] button[type="submit"]').click()
        self.wait_for(driver, lambda: "theme=dark" in driver.current_url, "the dark previews")
        self.wait_for(driver, lambda: self.previews_loaded(driver), "the dark previews")
        sources = [img.get_attribute("src") for img in driver.find_elements(By.CSS_SELECTOR, ".widget-gallery img")]
        assert all("theme=dark" in src for src in sources), sources

    def test_3_the_gallery_is_accessible_and_fits(self):
        driver = self.ada
        for size in SIZES:
            resize(driver, *size)
            self.page(driver, "/account/widgets?theme=light")
            self.wait_for(driver, lambda: self.previews_loaded(driver), "the previews")
            self.accessible(driver, f"widgets {size[0]}")
            overflow = driver.execute_script(
                "return document.scrollingElement.scrollWidth - window.innerWidth")
            assert overflow <= 0, f"the gallery spills {overflow} px sideways at {size[0]}"
            driver.save_screenshot(f"{self.screenshots}/widgets-gallery-{size[0]}x{size[1]}.png")
        resize(driver, *SIZES[1])

    def test_4_an_address_of_each_family_with_what_to_paste(self):
        driver = self.ada
        for family in FAMILIES:
            self.page(driver, "/account/widgets")
            driver.find_element(
                By.CSS_SELECTOR, f'button[aria-label="Make an address for the {family} widget"]').click()
            self.wait_for(driver, lambda: driver.find_elements(By.ID, "new-markdown"), f"the {family} address")
            markdown = driver.find_element(By.ID, "new-markdown").get_attribute("value")
            pasted = driver.find_element(By.ID, "new-html").get_attribute("value")
            url = driver.find_element(By.ID, "new-url").text
            assert markdown.endswith(f"({url})") and f'src="{url}"' in pasted, (markdown, pasted, url)
            assert re.fullmatch(r"http://[^/]+/v1/widgets/[A-Za-z0-9_-]+/widget\.svg", url), url
            self.urls[family] = url
        self.page(driver, "/account/widgets")
        rows = driver.find_elements(By.CSS_SELECTOR, ".account-list li")
        assert len(rows) == 4, [row.text for row in rows]
        assert not any(url.split("/")[-2] in driver.page_source for url in self.urls.values()), "a secret is listed"

    def test_5_the_images_show_anywhere_at_1x_and_2x(self):
        driver = self.viewer
        images = "".join(
            f'<figure><img id="{family}" src="{html.escape(url)}" alt="{family}"><figcaption>{family}</figcaption>'
            "</figure>" for family, url in self.urls.items())
        folder = tempfile.mkdtemp()
        path = os.path.join(folder, "readme.html")
        with open(path, "w", encoding="utf-8") as file:
            file.write(f"<!doctype html><html lang=en><title>A README</title><body>{images}</body></html>")
        for scale in (1, 2):
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                   {"width": 1100, "height": 1400, "deviceScaleFactor": scale, "mobile": False})
            driver.get("file://" + path)
            sizes = self.wait_for(driver, lambda: driver.execute_script("""
                const found = {};
                for (const img of document.images) {
                  if (!img.complete || img.naturalWidth === 0) return null;
                  found[img.id] = [img.naturalWidth, img.naturalHeight];
                }
                return found;"""), f"the images at {scale}x")
            assert sizes == {family: list(size) for family, size in FAMILIES.items()}, sizes
            driver.save_screenshot(f"{self.screenshots}/widgets-in-img-{scale}x.png")
        resize(driver, *SIZES[1])

    def test_6_a_revoked_address_stops_at_once(self):
        driver = self.ada
        self.page(driver, "/account/widgets")
        driver.find_element(By.CSS_SELECTOR, 'button[aria-label^="Revoke the card widget"]').click()
        self.wait_for(driver, lambda: "is revoked" in driver.page_source, "the revocation")
        self.viewer.get(self.urls["card"])
        assert "widget_not_found" in self.viewer.page_source, self.viewer.page_source[:300]
        self.viewer.get(self.urls["small"])
        assert "<svg" in self.viewer.page_source or self.viewer.find_elements(By.TAG_NAME, "svg")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("base")
    parser.add_argument("--screenshots", default=".build/screenshots")
    arguments = parser.parse_args()
    suite = WidgetTests(arguments.base.rstrip("/"), arguments.screenshots)
    started = time.monotonic()
    try:
        failures = run_walk(suite, [(suite.ada, "ada"), (suite.viewer, "viewer")], "widgets")
    finally:
        suite.quit()
    elapsed = time.monotonic() - started
    print(f"widget browser tests: {failures} failed ({elapsed:.1f} s)" if failures
          else f"widget browser tests: all passed ({elapsed:.1f} s)")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
