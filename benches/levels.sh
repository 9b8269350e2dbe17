#!/usr/bin/env bash
# How hard each level of `liar play --level` is: a panel of bots, each put
# in the person's seat of the built-in table at every level, 1,000 games
# each (`liar simulate --level LEVEL --bot BOT`, seed 7). Prints each
# bot's win rate per level and the panel's mean; docs/strength.md
# ("Levels") holds the figures.
#
#   benches/levels.sh [GAMES]
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-1000}
cargo build --release --quiet
liar=target/release/liar
panel=(honest statistician bluffer random expert)
for f in exact_odds odds_mixer threshold_liar partial_honest caller truth_tracker expert_v1 trapper switcher; do
  panel+=("bots/arena/$f.lua")
done
for level in easy medium hard; do
  sum=0
  row=""
  for bot in "${panel[@]}"; do
    rate=$("$liar" simulate --level "$level" --bot "$bot" --games "$games" --seed 7 -q 2>/dev/null |
      awk '$1 == "1" { sub("%", "", $4); print $4 }')
    row+=" $(basename "$bot" .lua)=$rate"
    sum=$(awk -v s="$sum" -v r="$rate" 'BEGIN { print s + r }')
  done
  mean=$(awk -v s="$sum" -v n="${#panel[@]}" 'BEGIN { printf "%.1f", s / n }')
  echo "$level: mean $mean% |$row"
done
