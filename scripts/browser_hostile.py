"""Hostile text in a real browser; mixed into the Suite of browser_tests.py.

Names, bios, habit names, help tags and questions, program titles and search terms hold markup wrapped in
letters that join it into one grapheme cluster (a prepend letter before `<`, a combining mark after `"`).
On every page the text must read back exactly as stored, no element or handler may come of it, and no
script may run."""
import urllib.parse

# U+0D4E is a prepend letter and U+0301 a combining mark: each forms one grapheme cluster with the
# markup beside it, which a per-cluster escaper misses and the browser's parser still reads as markup.
PREPEND, MARK = "\u0d4e", "\u0301"


def hostile(label, payload="img src=x onerror=window.__xss=1"):
    return f"{label} {PREPEND}<{payload}>\"{MARK} '{MARK}&amp;"


# Everything a hostile page could have made: an element that no template writes, an inline handler.
INJECTED = """
    const handlers = [...document.querySelectorAll('*')].flatMap((e) =>
        [...e.attributes].filter((a) => a.name.startsWith('on')).map((a) => `${e.tagName}[${a.name}]`));
    const elements = [...document.querySelectorAll('img[src="x"], svg, iframe, object, embed, script:not([src])')]
        .map((e) => e.outerHTML.slice(0, 80));
    return {handlers, elements, ran: window.__xss === 1};"""


class HostileTextTests:
    def hostile_fixture(self):
        """Writes hostile text into every kind of field through the API; returns what the pages show."""
        call = self.server.call
        viewer = self.viewer["id"]
        other = next(u for u in self.users.values() if u["key"] != "activeUser")
        user = {"name": hostile("Name"), "bio": hostile("Bio", "svg onload=window.__xss=1")}
        status, value = call(f"/v1/users/{other['id']}", "PATCH", user)
        assert status == 200, f"user: {status} {value}"
        categories = self.server.get("/v1/categories")["items"]
        habit_name = hostile("Habit").replace(",", "")
        status, habit = call("/v1/habits", "POST", {"name": habit_name, "categoryID": categories[0]["id"]})
        assert status == 201, f"habit: {status} {habit}"
        call(f"/v1/users/{viewer}/favorites/{habit['id']}", "PUT")
        call(f"/v1/users/{other['id']}/favorites/{habit['id']}", "PUT")
        call("/v1/logs", "POST", {"userID": other["id"], "habitID": habit["id"]})
        call(f"/v1/users/{viewer}/following/{other['id']}", "PUT")
        tag_name = f"{PREPEND}<b onclick=x>\"{MARK}"
        status, tag = call("/v1/help/tags", "POST", {"name": tag_name})
        assert status == 201, f"tag: {status} {tag}"
        question = {"question": hostile("Question"), "answer": hostile("Answer"), "tagIDs": [tag["id"]]}
        status, value = call("/v1/help/questions", "POST", question)
        assert status == 201, f"question: {status} {value}"
        program = {"title": hostile("Program"), "author": hostile("Author"), "categoryID": categories[0]["id"],
                   "price": {"amount": "1", "currency": "USD"}, "tag": f"{PREPEND}<i>\"{MARK}"}
        status, value = call("/v1/programs", "POST", program)
        assert status == 201, f"program: {status} {value}"
        search = hostile("Search")
        query = urllib.parse.quote(search)
        pages = {
            "/": [habit_name], "/screens/today": [habit_name], "/screens/habits": [habit_name],
            f"/screens/habit?habit={habit['id']}": [habit_name],
            "/screens/users": [user["name"]], f"/screens/user?of={other['id']}": [user["name"], user["bio"]],
            "/screens/log": [habit_name], "/screens/discover": [program["title"]],
            f"/screens/discover?q={urllib.parse.quote(program['title'][:20])}": [],
            "/screens/help": [tag_name, question["question"]], f"/screens/help?q={query}": [],
            f"/screens/emoji?habit={habit['id']}&q={query}": [search],
        }
        return pages

    def test_hostile_text_is_text_on_every_page(self):
        problems = []
        for page, texts in self.hostile_fixture().items():
            self.open(page)
            found = self.script(INJECTED)
            if found["handlers"] or found["elements"] or found["ran"]:
                problems.append(f"{page}: {found}")
            # What the page shows, element text and form values alike, holds the stored text exactly.
            shown = self.script("return document.body.textContent + '\\n' + "
                                "[...document.querySelectorAll('input')].map((e) => e.value).join('\\n')")
            for text in texts:
                if text not in shown:
                    problems.append(f"{page}: {text!r} is not shown as text")
        assert not problems, "hostile text became markup:\n      " + "\n      ".join(problems)
