#!/usr/bin/env bash
# Whether the rules live above the stores: prints three figures about Sources/HabitsSQLite and
# Sources/HabitsPostgres, each with its goal.
#   refusal-texts      texts a store writes for a refused write (`reason: "…"`): goal 0, they come from
#                      HabitsStore's rules (StoreRefusal)
#   cross-store-pairs  pairs the `duplicates` tool finds with one side in each store: goal at most 3
#   copied-files       files of one store that are mostly a copy of one of the other's: goal 0
# Needs python3 and, for the second figure, the `duplicates` tool on PATH. Never part of the test command.
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 scripts/store_rules.py "$@"
