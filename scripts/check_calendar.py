"""Checks the calendar feed of a running server with a real iCalendar parser (Python's `icalendar`).

Signs up an account in Europe/Berlin on a server in accounts mode, adds three habits of its own (daily at
07:30, Mon/Wed/Fri at 18:00, three days a week without a reminder), makes a feed address and reads it:
the feed must parse; its VTIMEZONE must give Berlin's offset on every day for five years; each event
must repeat as its habit's schedule does, at the reminder time in local time on both sides of a DST
change, with an alarm when it has a reminder; a replaced or ended address must answer 404.

Usage: check_calendar.py BASE_URL  (e.g. http://127.0.0.1:8080; the server's clock fixed in March 2026)
"""

import datetime
import json
import sys
import urllib.error
import urllib.request
import zoneinfo

import icalendar

BASE = sys.argv[1].rstrip("/")
JAR = {}


def call(method, path, body=None, url=None):
    request = urllib.request.Request(url or BASE + path, method=method)
    request.add_header("Origin", BASE)
    if body is not None:
        request.add_header("Content-Type", "application/json")
        request.data = json.dumps(body).encode()
    if "cookie" in JAR:
        request.add_header("Cookie", JAR["cookie"])
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            for header in response.headers.get_all("Set-Cookie") or []:
                if header.startswith("habits_session="):
                    JAR["cookie"] = header.split(";")[0]
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def check(condition, message):
    if not condition:
        print("check_calendar.py: FAILED:", message)
        sys.exit(1)


status, _, _ = call("POST", "/v1/auth/signup", {
    "username": "calendar", "password": "a calendar of habits", "name": "Cal",
    "timeZone": "Europe/Berlin", "locale": "de_DE"})
check(status == 201, f"signing up answered {status}")
status, _, body = call("POST", "/v1/categories", {"name": "Calendar", "color": {"h": 0.5, "s": 0.5, "b": 0.5}})
category = json.loads(body)["id"] if status == 201 else json.loads(call("GET", "/v1/categories")[2])["items"][0]["id"]
habits = [
    {"name": "Meditate", "emoji": "🧘", "reminder": "07:30", "schedule": {"kind": "daily"}},
    {"name": "Gym; heavy day", "reminder": "18:00",
     "schedule": {"kind": "weekdays", "weekdays": ["mon", "wed", "fri"]}},
    {"name": "Run", "schedule": {"kind": "weekly", "timesPerWeek": 3}},
]
for habit in habits:
    status, _, body = call("POST", "/v1/habits", dict(habit, categoryID=category, visibility="personal"))
    check(status == 201, f"adding {habit['name']} answered {status}: {body[:200]}")

status, _, body = call("POST", "/v1/me/calendar-feed")
check(status == 201, f"making a feed answered {status}")
url = json.loads(body)["url"]
status, headers, text = call("GET", "", url=url)
check(status == 200 and headers["Content-Type"].startswith("text/calendar"), f"the feed answered {status}")
for line in text.split(b"\r\n"):
    check(len(line) <= 75, f"a line longer than 75 octets: {line[:80]!r}")

calendar = icalendar.Calendar.from_ical(text)
zones = calendar.walk("VTIMEZONE")
check(len(zones) == 1 and str(zones[0]["TZID"]) == "Europe/Berlin", "one VTIMEZONE, Europe/Berlin")
described = zones[0].to_tz()
berlin = zoneinfo.ZoneInfo("Europe/Berlin")
day = datetime.datetime(2026, 3, 10, 12, 0)
for _ in range(5 * 365):
    ours = described.utcoffset(day)
    theirs = berlin.utcoffset(day)
    check(ours == theirs, f"offset on {day.date()}: the feed says {ours}, the zone database {theirs}")
    day += datetime.timedelta(days=1)

events = {str(event["SUMMARY"]): event for event in calendar.walk("VEVENT")}
check(sorted(events) == sorted(["🧘 Meditate", "Gym; heavy day", "Run"]), f"events: {sorted(events)}")

meditate = events["🧘 Meditate"]
check(meditate["RRULE"]["FREQ"] == ["DAILY"], "Meditate repeats daily")
check(len(meditate.walk("VALARM")) == 1, "Meditate has an alarm")
start = meditate["DTSTART"].dt
check(start.tzinfo is not None and (start.hour, start.minute) == (7, 30), f"Meditate starts at {start}")
# Across the change to summer time on 2026-03-29: 07:30 in Berlin each day, 06:30 UTC before, 05:30 after.
for date, utc_hour in [(datetime.date(2026, 3, 28), 6), (datetime.date(2026, 3, 30), 5)]:
    local = datetime.datetime.combine(date, datetime.time(7, 30), tzinfo=described)
    check(local.astimezone(datetime.timezone.utc).hour == utc_hour, f"07:30 on {date} is {utc_hour}:30 UTC")

gym = events["Gym; heavy day"]
check(gym["RRULE"]["FREQ"] == ["WEEKLY"] and gym["RRULE"]["BYDAY"] == ["MO", "WE", "FR"], "Gym: Mon, Wed, Fri")
check(gym["DTSTART"].dt.weekday() in (0, 2, 4), "Gym starts on one of its days")
run = events["Run"]
check(isinstance(run["DTSTART"].dt, datetime.date) and not isinstance(run["DTSTART"].dt, datetime.datetime),
      "Run, with no reminder, is an all-day event")
check(len(run.walk("VALARM")) == 0, "Run has no alarm")

# A new address replaces the old one; ending the feed ends the new one too.
status, _, body = call("POST", "/v1/me/calendar-feed")
check(call("GET", "", url=url)[0] == 404, "the replaced address is 404")
newer = json.loads(body)["url"]
check(call("GET", "", url=newer)[0] == 200, "the new address answers")
check(call("DELETE", "/v1/me/calendar-feed")[0] == 204, "ending the feed")
check(call("GET", "", url=newer)[0] == 404, "the ended address is 404")
print("check_calendar.py: the feed parses, its zone matches Europe/Berlin for five years, every event is right")
