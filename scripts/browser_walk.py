"""Runs a browser walk: a suite's `test_*` steps in name order, each building on the one before, with two
browser profiles. Shared by browser_first_run.py and browser_admin.py."""
import time
import traceback


def csp_refusals(driver):
    """What the page's Content-Security-Policy refused since the last look."""
    return [e["message"] for e in driver.get_log("browser") if "Content Security Policy" in e["message"]]


def run_walk(suite, drivers, failure_prefix):
    """Runs every `test_*` step of `suite`; after a failure the rest are skipped, since each builds on it.
    `drivers` are (driver, name) pairs checked for CSP refusals after each step and photographed on failure.
    Returns the number of failed steps."""
    failures = 0
    names = sorted(n for n in dir(suite) if n.startswith("test_"))
    for index, name in enumerate(names):
        started = time.monotonic()
        try:
            getattr(suite, name)()
            for driver, _ in drivers:
                refused = csp_refusals(driver)
                assert not refused, "the Content-Security-Policy refused:\n      " + "\n      ".join(refused[:5])
            print(f"  ok   {name} ({time.monotonic() - started:.1f} s)")
        except Exception as error:  # noqa: BLE001 - the failure is reported; the steps after it depend on it
            failures += 1
            print(f"  FAIL {name}: {error}")
            traceback.print_exc(limit=3)
            for driver, who in drivers:
                try:
                    driver.save_screenshot(f"{suite.screenshots}/{failure_prefix}-failure-{who}.png")
                except Exception:  # noqa: BLE001 - a screenshot of a failure is a help, not a test
                    pass
            for skipped in names[index + 1:]:
                print(f"  skip {skipped} (it walks on from {name})")
            break
    return failures
