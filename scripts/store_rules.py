"""The three figures of scripts/store-rules.sh (see there)."""
import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile

STORES = ["Sources/HabitsSQLite", "Sources/HabitsPostgres"]
# A refusal text: a string literal given as a HabitsError's reason, written in a store.
REFUSAL = re.compile(r'reason:\s*"')
# Two files are copies when this much of their lines match, once the stores' names are set aside.
COPY_RATIO = 0.6


def swift_files(folder):
    return sorted(os.path.join(folder, name) for name in os.listdir(folder) if name.endswith(".swift"))


def refusal_texts():
    found = []
    for folder in STORES:
        for path in swift_files(folder):
            text = open(path, encoding="utf-8").read()
            for match in REFUSAL.finditer(text):
                number = text.count("\n", 0, match.start()) + 1
                found.append(f"{path}:{number}: {text.splitlines()[number - 1].strip()}")
    return found


def cross_store_pairs():
    if shutil.which("duplicates") is None:
        return None
    with tempfile.TemporaryDirectory() as scratch:
        for folder in STORES:
            shutil.copytree(folder, os.path.join(scratch, os.path.basename(folder)))
        out = subprocess.run(
            ["duplicates", "--repo", scratch, "--most", "200", "--seconds", "60"],
            capture_output=True, text=True, check=True).stdout
    rows = []
    for line in out.splitlines():
        match = re.match(r"D\d+ (\S+):\S+ ~ (\S+):\S+", line)
        if match and match.group(1).split("/")[0] != match.group(2).split("/")[0]:
            rows.append(line)
    return rows


def normalized(path):
    text = open(path, encoding="utf-8").read()
    for name in ("SQLite", "Postgres", "PostgreSQL"):
        text = text.replace(name, "Store")
    return [line.strip() for line in text.splitlines() if line.strip()]


def copied_files():
    left = {path: normalized(path) for path in swift_files(STORES[0])}
    right = {path: normalized(path) for path in swift_files(STORES[1])}
    copies = []
    for a, a_lines in left.items():
        for b, b_lines in right.items():
            matcher = difflib.SequenceMatcher(None, a_lines, b_lines, autojunk=False)
            if matcher.real_quick_ratio() < COPY_RATIO or matcher.quick_ratio() < COPY_RATIO:
                continue
            ratio = matcher.ratio()
            if ratio >= COPY_RATIO:
                copies.append(f"{a} ~ {b}: {ratio:.2f} of their lines alike")
    return copies


def main():
    verbose = "--verbose" in sys.argv
    texts = refusal_texts()
    pairs = cross_store_pairs()
    copies = copied_files()
    print(f"refusal-texts {len(texts)} (goal 0)")
    for line in texts if verbose else []:
        print("  " + line)
    if pairs is None:
        print("cross-store-pairs unknown (the duplicates tool is not on PATH)")
    else:
        print(f"cross-store-pairs {len(pairs)} (goal at most 3)")
        for line in pairs if verbose else []:
            print("  " + line)
    print(f"copied-files {len(copies)} (goal 0)")
    for line in copies if verbose else []:
        print("  " + line)


if __name__ == "__main__":
    main()
