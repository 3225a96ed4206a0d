"""Browser tests of the viewer picker and of the web client behind nginx as a TLS-terminating proxy
(`self.proxy`, https://localhost:PORT, trusted by the server); mixed into the Suite of browser_tests.py."""
import json

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import Select, WebDriverWait


class ProxyTests:
    def load(self, url):
        self.driver.get(url)
        WebDriverWait(self.driver, 5).until(lambda d: d.execute_script("return document.readyState") == "complete")

    def shown_viewer(self):
        return self.script("return document.getElementById('viewer-picker').value")

    def choose_viewer(self, key):
        """Picks `key` in the header as a person would; the form posts and the page comes back."""
        page = self.driver.find_element(By.TAG_NAME, "html")
        Select(self.driver.find_element(By.ID, "viewer-picker")).select_by_value(key)
        WebDriverWait(self.driver, 5).until(expected_conditions.staleness_of(page))
        WebDriverWait(self.driver, 5).until(lambda d: d.execute_script("return document.readyState") == "complete")
        assert self.shown_viewer() == key, f"the page shows {self.shown_viewer()} after choosing {key}"

    def viewer_cookie(self):
        return self.driver.get_cookie("habits_user")

    # ---- The viewer picker ----

    def test_the_viewer_is_chosen_with_a_post_and_a_link_never_switches_it(self):
        other, shown = [u for u in self.users.values() if u["key"] != "activeUser"][:2]
        self.open(f"/screens/user?of={shown['id']}")
        self.choose_viewer(other["key"])
        assert self.script("return location.pathname + location.search") == f"/screens/user?of={shown['id']}", \
            "choosing a viewer comes back to the page"
        assert self.viewer_cookie()["value"] == other["key"]
        assert not self.viewer_cookie()["secure"], "plain HTTP: no Secure cookie"
        # The users screen lists every other user: the viewer's own card is gone.
        self.open("/screens/users")
        assert f"user-{other['id']}" not in [item for item, _ in self.dom_items()]
        # A link shows another viewer on its page, and the next page is the chosen viewer's again.
        self.open("/screens/users?user=activeUser")
        assert self.shown_viewer() == "activeUser"
        self.open("/screens/habits")
        assert self.shown_viewer() == other["key"], "a link switched the viewer"
        assert self.viewer_cookie()["value"] == other["key"]
        self.choose_viewer("activeUser")
        assert self.viewer_cookie()["value"] == "activeUser"

    # ---- Behind nginx with TLS ----

    def test_through_a_tls_proxy_a_page_logs_a_habit_and_shows_it_live(self):
        self.load(self.proxy + "/screens/log")
        assert self.script("return location.protocol") == "https:", "the page came through the proxy"
        button = self.driver.find_element(By.CSS_SELECTOR, '[data-item-type="logHabit"] button[data-method="POST"]')
        habit = json.loads(button.get_attribute("data-body"))["habitID"]
        viewer = self.viewer["id"]

        def count():
            document = self.server.get(f"/v1/screens/habit?habit={habit}")
            return next((i["content"]["count"] for s in document["sections"] for i in s["items"]
                         if i["type"] == "userCount" and i["content"]["userID"] == viewer), 0)
        before = count()
        self.click(button)
        # The https page's write passes the server's Origin check through the proxy.
        WebDriverWait(self.driver, 3, poll_frequency=0.05).until(lambda d: count() == before + 1)
        notice = self.driver.find_element(By.CSS_SELECTOR, ".notice")
        assert not notice.is_displayed(), f"the page says: {notice.text}"
        # It shows on the habit's page, and a log from elsewhere arrives live through the proxy.
        self.load(f"{self.proxy}/screens/habit?habit={habit}")
        read = f"return document.querySelector('[data-item-id=\"user-{viewer}\"] .count')?.textContent"
        assert self.script(read) == str(before + 1), self.script(read)
        status, _ = self.server.call("/v1/logs", "POST", {"userID": viewer, "habitID": habit})
        assert status == 201, status
        WebDriverWait(self.driver, 3, poll_frequency=0.05).until(lambda d: self.script(read) == str(before + 2))

    def test_through_a_tls_proxy_the_viewer_cookie_is_secure(self):
        other = next(u for u in self.users.values() if u["key"] != "activeUser")
        self.load(self.proxy + "/screens/habits")
        self.choose_viewer(other["key"])
        cookie = self.viewer_cookie()
        assert cookie["value"] == other["key"] and cookie["secure"], cookie
        self.choose_viewer("activeUser")

    def test_the_proxy_overwrites_what_a_client_forges(self):
        proxied = type(self.server)(self.proxy)
        forged = {"X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "http",
                  "Forwarded": "for=203.0.113.9;proto=http;host=evil.example"}
        # nginx sets the host and scheme the browser used and clears Forwarded: the forged values change
        # nothing. (X-Forwarded-For is appended to, and the server walks it from the right.)
        status, _ = proxied.call("/healthz", headers=forged)
        assert status == 200, f"the forged host was believed: {status}"
        status, _ = proxied.call("/control/simulator/status", headers=forged)
        assert status == 200, f"the forged client was believed: {status}"
        page = {"Origin": self.proxy, "Sec-Fetch-Site": "same-origin"}
        status, _ = proxied.call("/viewer", "POST", headers=forged | page, form="user=activeUser&return=%2Fhealthz")
        assert status == 200, f"the https page's write was refused: {status}"
        # The server itself believes its trusted proxy (this machine): the same headers sent straight to
        # it name a client elsewhere and another host.
        status, _ = self.server.call("/control/simulator/status", headers={"X-Forwarded-For": "203.0.113.9"})
        assert status == 403, status
        status, _ = self.server.call("/healthz", headers={"X-Forwarded-Host": "evil.example"})
        assert status == 421, status
