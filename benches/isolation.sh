#!/usr/bin/env bash
# Thread against process isolation, in one run: three-player matches of
# bundled Lua bots, each table played by both isolations in turn (so the
# two see the same machine), and tournaments of one-game matches.
#
#   benches/isolation.sh [GAMES] [REPEATS]
#
# Prints games per second of wall-clock time and per CPU-second (user +
# system time of the engine and of the bots' processes), and the ratio
# process / thread of each.
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-4000}
repeats=${2:-2}
cargo build --release --quiet
liar=target/release/liar

# wall seconds and CPU seconds of one command (children included).
times=$(mktemp)
measure() {
  /usr/bin/time -o "$times" -f "%e %U %S" "$@" >/dev/null 2>&1
  awk '{ printf "%s %.3f\n", $1, $2 + $3 }' "$times"
}

row() {
  local name=$1
  shift
  local tw=0 tc=0 pw=0 pc=0
  for _ in $(seq "$repeats"); do
    read -r w c < <(measure "$@" --isolation thread)
    tw=$(awk -v a="$tw" -v b="$w" 'BEGIN { print a + b }')
    tc=$(awk -v a="$tc" -v b="$c" 'BEGIN { print a + b }')
    read -r w c < <(measure "$@" --isolation process)
    pw=$(awk -v a="$pw" -v b="$w" 'BEGIN { print a + b }')
    pc=$(awk -v a="$pc" -v b="$c" 'BEGIN { print a + b }')
  done
  awk -v n="$name" -v g="$((games * repeats))" -v tw="$tw" -v tc="$tc" -v pw="$pw" -v pc="$pc" 'BEGIN {
    printf "| %s | %.0f | %.0f | %.0f | %.0f | %.2f | %.2f |\n",
      n, g / tw, g / tc, g / pw, g / pc, tw / pw, tc / pc }'
}

tournament_file=$(mktemp --suffix .toml)
trap 'rm -f "$tournament_file" "$times"' EXIT
cat >"$tournament_file" <<EOF
[tournament]
games = $games
table_size = 3
seed = 2026
[limits]
log_lines = 0
[[bots]]
name = "random"
type = "bot"
bundled = "random"
[[bots]]
name = "honest"
type = "bot"
bundled = "honest"
[[bots]]
name = "bluffer"
type = "bot"
bundled = "bluffer"
[[bots]]
name = "statistician"
type = "bot"
bundled = "statistician"
EOF

echo "| table | thread games/s | thread games/CPU-s | process games/s | process games/CPU-s | ratio (wall) | ratio (CPU) |"
echo "|---|---|---|---|---|---|---|"
for table in "random bluffer statistician" "honest statistician random" "honest honest honest"; do
  set -- $table
  row "$1 + $2 + $3 (one match)" "$liar" simulate --bot "bots/$1.lua" --bot "bots/$2.lua" \
    --bot "bots/$3.lua" --games "$games" --seed 3
done
row "tournament of the four, 1 thread" "$liar" tournament "$tournament_file" --jobs 1 \
  --no-progress --format json
row "tournament of the four, 2 threads" "$liar" tournament "$tournament_file" --jobs 2 \
  --no-progress --format json
