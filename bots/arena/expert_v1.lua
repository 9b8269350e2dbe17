-- expert_v1.lua (arena): the expert as it was before issue #12, kept as a
-- strong all-round opponent: the new expert must beat its predecessor.
-- It challenges keep-all raises as lies and ignores the dice it receives.
--
-- A table file can change how it plays with `params` (read below as
-- `liar.params`); without them it plays as it always did. The strength
-- suite's variants of it (docs/strength.md, tests/fixtures/strength/) are
-- these parameters:
--   starter_bonus, claim_slack, rule_noise: the constants of those names;
--   hunt_rethrown (an integer 1-4; unset: never): also challenge a raise
--     made after re-throwing hunt_rethrown to 4 dice when a fresh throw,
--     with half credit for the kept dice, reaches it with chance below
--     hunt_reach (0.5) and its own chance that the claim is true is below
--     hunt_belief (0.7). That hunts the new expert's lies after re-throws.

-- expert.lua: the strongest bundled player, and a worked example of how to
-- think about Liar Dice.
--
-- The game in one paragraph: whoever answers a claim either challenges it
-- (and pays a chip if it was true) or accepts it, takes the dice, re-throws
-- some of them and must claim higher. One chip changes hands per round, so
-- the question that matters in each round is "how likely am I to be the one
-- who pays?". Every decision below estimates that probability for each
-- choice and takes the choice that makes it smallest.
--
-- The bot keeps three pieces of knowledge:
--
-- 1. A belief about the dice on the table: a probability for each of the
--    252 hands. It starts as a fresh throw and follows every public event.
--    A re-throw of k dice mixes it (the thrower is assumed to keep his best
--    5 - k dice); a claim re-weights it by how likely that claim was for
--    each hand (Bayes' rule). Dice the bot held itself it knows exactly.
--    The chance that a claim is true is the weight of the hands at least
--    as high as the claim.
--
-- 2. For each opponent, how he claims: a mixture of three styles
--    (truthful: claims what he holds, or lies as little as he can; bold:
--    jumps well above what he holds; random: anything), weighted by how
--    well each style explains what he did. Dice shown at a challenge are
--    the best evidence; every other claim counts too.
--
-- 3. For each opponent, when he challenges: a family of threshold rules
--    ("doubts claims whose fresh-throw chance is below t, giving a claimer
--    who kept more dice some credit") plus "challenges at random", each
--    weighted by how well it predicted his answers so far. This gives the
--    chance that he challenges any claim the bot might make.
--
-- With those, the risk of a claim is
--     P(the next player challenges) * [the claim is a lie]
--   + P(he accepts) * P(the round comes back to me and I pay then);
-- a re-throw minimises the expected risk of the best claim it leads to;
-- a claim is challenged when the chance that it is true is lower than the
-- risk of accepting it (which is the expected risk of the best re-throw
-- over the hands I might receive).
--
-- Chips and players left: each round moves exactly one chip, so whatever
-- the chip counts, the choice that makes "I pay" least likely is the one
-- to take (the stake is the same for every choice of the same decision).
-- What changes with the players left is the risk itself: heads-up every
-- accepted claim comes straight back; at a bigger table the players in
-- between may end the round first, and the bot weighs that by how often
-- each of them challenges.
--
-- Bluffs come out of the same sums: a lie is cheap when the next player
-- rarely challenges claims like it, and a true claim is best made where he
-- is likely to challenge. Near-ties are drawn at random (liar.random), so
-- the bot does not always say the same thing with the same dice.
--
-- Only the public API is used: `liar.*` for the hand order and the exact
-- odds of a fresh throw, `liar.random` for chance, `liar.sorted_pairs` where
-- the order of a table walk matters. Each decision stays far below the
-- instruction budget.

local bot = { api_version = 1, name = "expert_v1" }
local DEBUG = false

---------------------------------------------------------------------------
-- Tunable constants
---------------------------------------------------------------------------

-- The chance that the round comes back to me and costs me the chip once
-- the next player has accepted my claim: heads-up it always comes back; at
-- a bigger table the players in between may end it first.
local RETURN_RISK_HEADS_UP = 0.35
local RETURN_RISK_MULTI = 0.3
-- The part of the return risk that does not depend on whether the next
-- player can beat my claim truthfully, and how much harder beating a lie
-- is than beating a true claim of the same strength.
local RETURN_FLOOR = 0.1
local LIE_REACH = 0.35
-- A small preference for challenging: the challenger opens the next round,
-- and opening (fresh dice, no claim to beat) is the safest seat.
-- A misspelt or mistyped parameter stops the bot at load, with its name.
local PARAMS = liar.params
local KNOWN_PARAMS = { starter_bonus = true, claim_slack = true, rule_noise = true,
  hunt_rethrown = true, hunt_reach = true, hunt_belief = true }
for name, value in liar.sorted_pairs(PARAMS) do
  if not KNOWN_PARAMS[name] then
    error("unknown parameter " .. name .. " (see the top of expert_v1.lua)", 0)
  elseif type(value) ~= "number" then
    error("parameter " .. name .. " must be a number", 0)
  end
end
local STARTER_BONUS = PARAMS.starter_bonus or 0.02
-- Claims whose risk is within this much of the best are drawn at random.
local CLAIM_SLACK = PARAMS.claim_slack or 0.01
-- Hands sampled from the belief to price accepting a claim.
local SAMPLES = 16
-- How often a threshold player does the other thing all the same.
local RULE_NOISE = PARAMS.rule_noise or 0.04
local HUNT_RETHROWN = PARAMS.hunt_rethrown
local HUNT_REACH = PARAMS.hunt_reach or 0.5
local HUNT_BELIEF = PARAMS.hunt_belief or 0.7
-- A style or rule never drops below this weight: players change.
local STYLE_FLOOR = 0.01

---------------------------------------------------------------------------
-- Tables of dice and hands
---------------------------------------------------------------------------

local FACES = liar.faces
local FACE_INDEX = {}
for i, f in ipairs(FACES) do
  FACE_INDEX[f] = i
end

-- A multiset of dice is identified by a key: the sum over its dice of
-- 6^(face - 1). The key of two multisets together is the sum of their keys,
-- so "the dice kept + the dice thrown" is one addition.
local POW = { 1, 6, 36, 216, 1296, 7776 }

local function key_of(text)
  local key = 0
  for j = 1, #text do
    key = key + POW[FACE_INDEX[text:sub(j, j)]]
  end
  return key
end

-- MS_KEY[n], MS_W[n]: every multiset of n dice (n = 0..5), and the chance
-- that n thrown dice show it.
local MS_KEY, MS_W = {}, {}
do
  local fact = { [0] = 1, 1, 2, 6, 24, 120 }
  for n = 0, 5 do
    local keys, weights = {}, {}
    local counts = { 0, 0, 0, 0, 0, 0 }
    local function walk(face, left)
      if face == 6 then
        counts[6] = left
        local key, ways = 0, fact[n]
        for f = 1, 6 do
          key = key + counts[f] * POW[f]
          ways = ways // fact[counts[f]]
        end
        keys[#keys + 1] = key
        weights[#weights + 1] = ways / 6 ^ n
        return
      end
      for c = 0, left do
        counts[face] = c
        walk(face + 1, left - c)
      end
    end
    walk(1, n)
    MS_KEY[n], MS_W[n] = keys, weights
  end
end

-- The tables below depend on the ranking of the table (straights, kickers),
-- which the engine installs only after the bot's file has run: they are
-- built by build_hand_tables() at the first event or decision of a match.
local HANDS = {} -- the 252 hands, weakest first
local NH = 0
local HAND_INDEX = {} -- canonical hand -> index in HANDS
local STR = {} -- index -> strength (1 = weakest; equal strengths tie)
local KEY_INDEX = {} -- multiset key -> index
local KEY_STR = {} -- multiset key -> strength
local FRESH = {} -- index -> chance that a fresh throw is exactly this hand
local KEEP = {} -- KEEP[m][i]: key of the m dice a player keeps from hand i
-- Claims are compared by strength, 1..NS. (Without kickers hands with equal
-- groups tie, so there are fewer strengths than hands.)
local NS = 0
local REP = {} -- strength -> the lowest hand of that strength
local FRESH_GE = {} -- strength -> chance that a fresh throw reaches it
local REACH = {} -- strength s -> chance that a player holding REP[s] beats it

local function build_hand_tables()
  HANDS = liar.above(nil) -- every hand, weakest first
  NH = #HANDS
  for m = 0, 5 do
    KEEP[m] = {}
  end
  for i = 1, NH do
    local h = HANDS[i]
    HAND_INDEX[h] = i
    STR[i] = liar.strength(h)
    -- Canonical notation lists the dice by group size, then by face, so its
    -- first m letters are the m dice most worth keeping: "QQQ99" keeps
    -- "QQQ", "KK99A" keeps "KK99", "TTAK9" keeps "TT" or "TTA", a bust its
    -- high dice.
    local key = 0
    KEEP[0][i] = 0
    for m = 1, 5 do
      key = key + POW[FACE_INDEX[h:sub(m, m)]]
      KEEP[m][i] = key
    end
    KEY_INDEX[key] = i
    KEY_STR[key] = STR[i]
  end
  for j = 1, #MS_KEY[5] do
    FRESH[KEY_INDEX[MS_KEY[5][j]]] = MS_W[5][j]
  end
  for i = 1, NH do
    local s = STR[i]
    if REP[s] == nil then
      REP[s] = HANDS[i]
      FRESH_GE[s] = liar.chance("", HANDS[i])
    end
    if s > NS then
      NS = s
    end
  end
  -- REACH[s]: the best re-throw from REP[s] reaching the next strength up.
  for s = 1, NS - 1 do
    local _, chance = liar.best_reroll(REP[s], REP[s + 1])
    REACH[s] = chance
  end
  REACH[NS] = 0
end

-- For hand i: reach[c], the chance that a player holding it beats a claim
-- of strength c (0..NS), keeping the first m dice of its canonical
-- notation for the best m (re-throwing nothing when it already beats c).
local function reach_profile(i)
  local best, cnt = {}, {}
  for c = 0, NS do
    best[c] = 0
  end
  for m = 0, 4 do
    local kept_key, k = KEEP[m][i], 5 - m
    for s = 1, NS do
      cnt[s] = 0
    end
    local rk, rw = MS_KEY[k], MS_W[k]
    for j = 1, #rk do
      local st = STR[KEY_INDEX[kept_key + rk[j]]]
      cnt[st] = cnt[st] + rw[j]
    end
    local acc = 0 -- the chance of beating c: the mass above c
    for c = NS, 0, -1 do
      if acc > best[c] then
        best[c] = acc
      end
      if c > 0 then
        acc = acc + cnt[c]
      end
    end
  end
  for c = 0, STR[i] - 1 do
    best[c] = 1 -- he can keep the dice and say what they are
  end
  return best
end

local function strength_of(claim)
  if claim == nil then
    return 0
  end
  return liar.strength(claim)
end

local function dice_of(hand)
  local dice = {}
  for j = 1, 5 do
    dice[j] = hand:sub(j, j)
  end
  return dice
end

---------------------------------------------------------------------------
-- Model 2: how a player claims
---------------------------------------------------------------------------

-- claim_likelihood(style, c, h, p): the chance that a player of the style,
-- holding a hand of strength h, claims strength c over a claim of strength
-- p (0: he opens). For each style it is a distribution over c = p+1..NS.
local GEO_R = 0.7 -- small lies of the truthful style: 1, 2, 3... hands up
local GEO = {}
for j = 1, 252 do
  GEO[j] = (1 - GEO_R) * GEO_R ^ (j - 1)
end

local TRUTHFUL, BOLD, RANDOM = 1, 2, 3
local STYLE_PRIOR = { 0.6, 0.2, 0.2 }

local function claim_likelihood(style, c, h, p)
  local legal = NS - p
  if style == RANDOM then
    return 1 / legal
  end
  local base
  if style == TRUTHFUL then
    -- The truth when it beats the claim to beat (now and then a small
    -- bluff above it, or an under-call); otherwise the smallest lie.
    if h > p then
      if c == h then
        base = 0.9
      elseif c > h then
        base = 0.07 * GEO[c - h]
      else
        base = 0.03 / (h - p - 1)
      end
    elseif c == p + 1 then
      base = 0.85
    else
      base = 0.15 * GEO[c - p - 1]
    end
    return 0.97 * base + 0.03 / legal
  end
  -- Bold: 3 to 15 hands above the higher of what he holds and what he
  -- must beat (jumps past the top hand land on it).
  local from = h > p and h or p
  local j = c - from
  if c == NS then
    local lo = NS - from
    if lo < 3 then
      lo = 3
    end
    base = lo <= 15 and (16 - lo) / 13 or 0
  elseif j >= 3 and j <= 15 then
    base = 1 / 13
  else
    base = 0
  end
  return 0.9 * base + 0.1 / legal
end

---------------------------------------------------------------------------
-- Model 3: when a player challenges
---------------------------------------------------------------------------

-- A rule "challenges when score < t". A claim's score is the chance f that
-- a fresh throw reaches it; a claimer who re-threw k dice kept 5 - k, and a
-- rule may credit that: score = f + (1 - f) * credit * (5 - k) / 10.
-- Opening claims and claims after a re-throw have rules of their own.
local THRESHOLDS = { 0, 0.01, 0.02, 0.03, 0.05, 0.08, 0.12, 0.16, 0.2, 0.25,
  0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 0.75, 0.9, 1.01 }
local NT = #THRESHOLDS
local CREDITS = { 0, 0.5, 1 }
local NC = #CREDITS
local OPEN = 6 -- the "k" of an opening claim in tables indexed by k

local function normalise(w, floor)
  local s = 0
  for i = 1, #w do
    s = s + w[i]
  end
  for i = 1, #w do
    w[i] = w[i] / s + floor
  end
end

-- Weights: open[t], t = 1..NT, and open[NT + 1] for "random";
-- after[(c - 1) * NT + t] for credit c, and after[NC * NT + 1] for "random".
local function new_rules()
  local open, after = {}, {}
  for t = 1, NT do
    open[t] = 1
  end
  open[NT + 1] = 2
  for i = 1, NC * NT do
    after[i] = 1
  end
  after[NC * NT + 1] = 2
  normalise(open, 0)
  normalise(after, 0)
  return { open = open, after = after }
end

local function rule_score(f, k, credit)
  if k == nil or k == OPEN then
    return f
  end
  return f + (1 - f) * credit * (5 - k) / 10
end

---------------------------------------------------------------------------
-- Players
---------------------------------------------------------------------------

local me -- my seat, known from the first decision
local players = {} -- seat -> { styles, rules, q = cached challenge chances }

local function player(seat)
  local pl = players[seat]
  if pl == nil then
    pl = {
      styles = { STYLE_PRIOR[1], STYLE_PRIOR[2], STYLE_PRIOR[3] },
      rules = new_rules(),
      q = {},
    }
    players[seat] = pl
  end
  return pl
end

-- Learns from one answer of `pl`: `challenged` or not, to a claim of
-- strength s by a claimer who re-threw k dice (nil: an opening claim).
local function learn_answer(pl, s, k, challenged)
  if s >= NS then
    return -- the top hand must be challenged: nothing to learn
  end
  local f = FRESH_GE[s]
  local hit, miss = 1 - RULE_NOISE, RULE_NOISE
  local w
  if k == nil then
    w = pl.rules.open
    for t = 1, NT do
      w[t] = w[t] * (((f < THRESHOLDS[t]) == challenged) and hit or miss)
    end
    w[NT + 1] = w[NT + 1] * 0.5
  else
    w = pl.rules.after
    for c = 1, NC do
      local score = rule_score(f, k, CREDITS[c])
      for t = 1, NT do
        local i = (c - 1) * NT + t
        w[i] = w[i] * (((score < THRESHOLDS[t]) == challenged) and hit or miss)
      end
    end
    w[NC * NT + 1] = w[NC * NT + 1] * 0.5
  end
  normalise(w, 1e-4)
  pl.q = {} -- the cached chances are stale
end

-- BIN[k][c][s]: the first threshold above the score of a claim of
-- strength s by a claimer who re-threw k dice (k = OPEN: opening), under
-- credit c. Static, so computed once.
local BIN = {}
local function build_bins()
  for k = 0, OPEN do
    BIN[k] = {}
    for c = 1, (k == OPEN and 1 or NC) do
      -- The score falls as the claim rises, so the first threshold above
      -- it only moves down: one sweep.
      local bins = {}
      local t = NT + 1
      for s = 1, NS do
        local score = rule_score(FRESH_GE[s], k, CREDITS[c])
        while t > 1 and THRESHOLDS[t - 1] > score do
          t = t - 1
        end
        bins[s] = t
      end
      BIN[k][c] = bins
    end
  end
end

-- Builds the tables of the table's ranking, once per match.
local ready = false
local function ensure_tables()
  if not ready then
    build_hand_tables()
    build_bins()
    ready = true
  end
end

-- The chance that `pl` challenges a claim, by strength 1..NS, when the
-- claimer re-threw k dice (k = OPEN: an opening claim). Cached per player.
local function challenge_chances(pl, k)
  local out = pl.q[k]
  if out then
    return out
  end
  out = {}
  local w, groups, random_w
  if k == OPEN then
    w, groups, random_w = pl.rules.open, 1, pl.rules.open[NT + 1]
  else
    w, groups, random_w = pl.rules.after, NC, pl.rules.after[NC * NT + 1]
  end
  -- tails[c][t]: the weight of thresholds t..NT under credit c, i.e. of
  -- the rules that challenge a claim whose first threshold above its
  -- score is t. Every rule says "no" with chance RULE_NOISE even so.
  local total, tails = random_w, {}
  for c = 1, groups do
    local offset, tail = (c - 1) * NT, {}
    tail[NT + 1] = 0
    for t = NT, 1, -1 do
      tail[t] = tail[t + 1] + w[offset + t]
    end
    total = total + tail[1]
    tails[c] = tail
  end
  local base = random_w * 0.5 + (total - random_w) * RULE_NOISE
  local gain = 1 - 2 * RULE_NOISE
  local bins = BIN[k]
  if groups == 1 then
    local t1, b1 = tails[1], bins[1]
    for s = 1, NS do
      out[s] = (base + gain * t1[b1[s]]) / total
    end
  else
    local t1, t2, t3, b1, b2, b3 = tails[1], tails[2], tails[3], bins[1], bins[2], bins[3]
    for s = 1, NS do
      out[s] = (base + gain * (t1[b1[s]] + t2[b2[s]] + t3[b3[s]])) / total
    end
  end
  out[NS] = 1 -- the top hand is always challenged
  pl.q[k] = out
  return out
end

-- Updates the style weights of `pl` by the chance each style gave to what
-- he did (`lik[style]`), or by `lik / old` to replace an earlier estimate.
local function learn_style(pl, lik, old)
  local st = pl.styles
  for t = 1, 3 do
    local r = lik[t] + 1e-9
    if old then
      r = r / (old[t] + 1e-9)
    end
    st[t] = st[t] * r
  end
  normalise(st, 0)
  for t = 1, 3 do
    if st[t] < STYLE_FLOOR then
      st[t] = STYLE_FLOOR
    end
  end
end

-- The seats still in the game after `seat`, in turn order.
local function seats_after(view, seat)
  local order, chips = view.order, view.chips
  local n = #order
  local pos = 1
  for i = 1, n do
    if order[i] == seat then
      pos = i
    end
  end
  local out = {}
  for step = 1, n - 1 do
    local s = order[(pos + step - 1) % n + 1]
    if chips[s] > 0 then
      out[#out + 1] = s
    end
  end
  return out
end

---------------------------------------------------------------------------
-- Model 1: the belief about the dice on the table
---------------------------------------------------------------------------

local function fresh_belief()
  local d = {}
  for i = 1, NH do
    d[i] = FRESH[i]
  end
  return d
end

local function known_belief(hand)
  local d = {}
  for i = 1, NH do
    d[i] = 0
  end
  d[HAND_INDEX[liar.hand(hand)]] = 1
  return d
end

-- A player re-threw k dice: he kept the best 5 - k of the hand he held.
local function rethrow(d, k)
  local kept = {} -- key of the kept dice -> weight
  local keep = KEEP[5 - k]
  for i = 1, NH do
    local w = d[i]
    if w > 0 then
      local key = keep[i]
      kept[key] = (kept[key] or 0) + w
    end
  end
  local out = {}
  for i = 1, NH do
    out[i] = 0
  end
  local rk, rw = MS_KEY[k], MS_W[k]
  local nr = #rk
  for key, w in liar.sorted_pairs(kept) do
    for j = 1, nr do
      local i = KEY_INDEX[key + rk[j]]
      out[i] = out[i] + w * rw[j]
    end
  end
  return out
end

-- A player of styles `styles` claimed strength c over strength p:
-- re-weights the belief. Returns it, and the chance of the claim under
-- each style (what the claim teaches about the player).
local function after_claim(d, styles, c, p)
  local out = {}
  local l1s, l2s, l3 = 0, 0, 1 / (NS - p)
  local w1, w2, w3 = styles[1], styles[2], styles[3]
  local total = 0
  for i = 1, NH do
    local w = d[i]
    if w > 0 then
      local h = STR[i]
      local l1 = claim_likelihood(TRUTHFUL, c, h, p)
      local l2 = claim_likelihood(BOLD, c, h, p)
      l1s = l1s + w * l1
      l2s = l2s + w * l2
      local x = w * (w1 * l1 + w2 * l2 + w3 * l3)
      out[i] = x
      total = total + x
    else
      out[i] = 0
    end
  end
  if total <= 0 then
    return d, { 1, 1, 1 }
  end
  for i = 1, NH do
    out[i] = out[i] / total
  end
  return out, { l1s, l2s, l3 }
end

local function chance_true(d, c)
  local p = 0
  for i = 1, NH do
    if STR[i] >= c then
      p = p + d[i]
    end
  end
  return p
end

-- The round so far, followed event by event (from `observe`, or from the
-- view's history when a decision finds it behind).
local round = nil

local function round_for(game, number)
  local id = game * 100000 + number
  if round == nil or round.id ~= id then
    round = {
      id = id,
      n = 0, -- history entries taken in
      belief = fresh_belief(),
      claim = 0, -- strength of the claim standing (0: none)
      claim_k = nil, -- how many dice its claimer re-threw (nil: opening)
      claimer = nil,
      k = nil, -- dice re-thrown since the last claim
      mine = {}, -- my hands, by the history position of my claims
      last = nil, -- the last opponent claim: seat, c, p, likelihoods
    }
  end
  return round
end

local function take_in(r, history)
  for n = r.n + 1, #history do
    local a = history[n]
    if a.action == "claim" then
      local c = strength_of(a.claim)
      if a.seat == me and r.mine[n] then
        r.belief = known_belief(r.mine[n])
        r.last = nil
      else
        local pl = player(a.seat)
        local lik
        r.belief, lik = after_claim(r.belief, pl.styles, c, r.claim)
        learn_style(pl, lik)
        r.last = { seat = a.seat, c = c, p = r.claim, lik = lik }
      end
      r.claim, r.claim_k, r.claimer, r.k = c, r.k, a.seat, nil
    elseif a.action == "accept" then
      if a.seat ~= me then
        learn_answer(player(a.seat), r.claim, r.claim_k, false)
      end
    elseif a.action == "reroll" then
      if a.seat ~= me then
        r.belief = rethrow(r.belief, a.count)
      end
      r.k = a.count
    end
  end
  r.n = #history
end

---------------------------------------------------------------------------
-- The risk of my claims
---------------------------------------------------------------------------

-- The chance, for each claim s > p I might make, that the round comes
-- back to me and costs me the chip once the next player has accepted it.
-- Players after the next one may end the round before it comes back: the
-- next player's claim will be a little higher, and so on.
local function return_risks(view, p)
  local after = seats_after(view, me)
  local back = {}
  local base = #after > 1 and RETURN_RISK_MULTI or RETURN_RISK_HEADS_UP
  for s = p + 1, NS do
    back[s] = base
  end
  for j = 2, #after do
    local qj = challenge_chances(player(after[j]), 2)
    for s = p + 1, NS do
      local t = s + 2 * (j - 1)
      back[s] = back[s] * (1 - qj[t < NS and t or NS])
    end
  end
  return back, after[1]
end

-- The return risk of a claim depends on the dice the next player gets:
-- if he can beat my claim with the truth, the round comes back to me with
-- a true claim; if he cannot, he must lie, and liars get caught. So the
-- return risk is back[s] * (RETURN_FLOOR + (1 - RETURN_FLOOR) * R), where
-- R is his chance to beat s truthfully (his best re-throw, or none).
local function return_factor(r)
  return RETURN_FLOOR + (1 - RETURN_FLOOR) * r
end

-- The risk of my best claim over strength p, for each strength h of the
-- hand I might hold, when I re-threw k dice (OPEN: I open the round). A
-- claim s > p is either an under-call (s < h: the next player can keep my
-- dice and claim the truth), exact (s = h), or a lie (s > h). For the
-- last two his chance to beat s is taken from REACH, the chance of beating
-- s from a hand of strength s itself (less for a lie: he gets weaker dice).
local function best_claim_risk(back, nxt, p, k)
  local q = challenge_chances(player(nxt), k)
  local out, lie = {}, {}
  -- Upwards: out[h] = the best of the under-calls below h and the exact
  -- claim; lie risks are kept for the way down.
  local best_under = math.huge
  for s = p + 1, NS do
    local qs, b = q[s], back[s]
    local kept = (1 - qs) * b
    local x = kept * return_factor(REACH[s])
    out[s] = x < best_under and x or best_under
    if kept < best_under then
      best_under = kept
    end
    lie[s] = qs + kept * return_factor(LIE_REACH * REACH[s])
  end
  -- Downwards: a lie above h may be better still.
  local best_lie = math.huge
  for s = NS, p + 1, -1 do
    if best_lie < out[s] then
      out[s] = best_lie
    end
    if lie[s] < best_lie then
      best_lie = lie[s]
    end
  end
  -- A hand that does not beat p can only lie.
  for s = 1, p do
    out[s] = best_lie
  end
  return out
end

-- Risk tables for each re-throw count, for a claim to beat of strength p.
local function risk_tables(view, p)
  local tables = {}
  local back, nxt = return_risks(view, p)
  for k = 0, 5 do
    tables[k] = best_claim_risk(back, nxt, p, k)
  end
  return tables
end

-- The expected risk of keeping the dice `kept_key` and throwing k others,
-- remembered in `cache` (one per decision: many hands share kept dice).
local function rethrow_risk(kept_key, k, tables, cache)
  local id = kept_key * 8 + k
  local e = cache[id]
  if e == nil then
    local rk, rw, tab = MS_KEY[k], MS_W[k], tables[k]
    e = 0
    for j = 1, #rk do
      e = e + rw[j] * tab[KEY_STR[kept_key + rk[j]]]
    end
    cache[id] = e
  end
  return e
end

-- The best re-throw of five dice (a list of faces): its expected risk and
-- the positions to throw. Among equal choices it throws the fewest dice.
local function best_rethrow(dice, tables, cache)
  local fk = {}
  for j = 1, 5 do
    fk[j] = POW[FACE_INDEX[dice[j]]]
  end
  local best, best_mask, best_k = math.huge, 0, 0
  for mask = 0, 31 do
    local kept_key, k = 0, 0
    for j = 1, 5 do
      if mask & (1 << (j - 1)) ~= 0 then
        k = k + 1
      else
        kept_key = kept_key + fk[j]
      end
    end
    local e = rethrow_risk(kept_key, k, tables, cache)
    if e < best - 1e-12 or (e < best + 1e-12 and k < best_k) then
      best, best_mask, best_k = e, mask, k
    end
  end
  local positions = {}
  for j = 1, 5 do
    if best_mask & (1 << (j - 1)) ~= 0 then
      positions[#positions + 1] = j
    end
  end
  return best, positions
end

---------------------------------------------------------------------------
-- Decisions
---------------------------------------------------------------------------

local function start(view)
  ensure_tables()
  me = view.seat
  local r = round_for(view.game, view.round)
  take_in(r, view.history)
  return r
end

function bot.challenge(view)
  local r = start(view)
  if liar.is_top(view.claim) then
    return true
  end
  local c = strength_of(view.claim)
  local d = r.belief
  local p_true = chance_true(d, c)
  if p_true < 0.01 then
    return true
  end
  local k = view.rerolled
  if HUNT_RETHROWN and k and k >= HUNT_RETHROWN and k <= 4 then
    local f = liar.chance("", view.claim)
    if f + (1 - f) * (5 - k) / 10 < HUNT_REACH and p_true < HUNT_BELIEF then
      return true
    end
  end
  -- The risk of accepting: I would receive one of the hands the belief
  -- allows, re-throw as well as I can and claim as safely as I can. The
  -- hands are sampled at SAMPLES evenly spaced quantiles of the belief,
  -- in strength order (the risk mostly falls as the hand gets stronger).
  local tables = risk_tables(view, c)
  local cache, memo = {}, {}
  local risk, cum, i = 0, 0, 0
  for j = 1, SAMPLES do
    local u = (j - 0.5) / SAMPLES
    while cum <= u and i < NH do
      i = i + 1
      cum = cum + d[i]
    end
    local x = memo[i]
    if x == nil then
      x = best_rethrow(dice_of(HANDS[i]), tables, cache)
      memo[i] = x
    end
    risk = risk + x
  end
  return p_true < risk / SAMPLES + STARTER_BONUS
end

function bot.reroll(view)
  start(view)
  local tables = risk_tables(view, strength_of(view.claim))
  local _, positions = best_rethrow(view.dice, tables, {})
  return positions
end

function bot.claim(view)
  local r = start(view)
  local p = strength_of(view.claim)
  local k = OPEN
  if view.claim ~= nil then
    k = r.k or 0
  end
  local back, nxt = return_risks(view, p)
  local q = challenge_chances(player(nxt), k)
  local i = HAND_INDEX[view.hand]
  local h = STR[i]
  local reach = reach_profile(i)
  -- Price every legal claim, then draw among the near-best.
  local best, risk = math.huge, {}
  for s = p + 1, NS do
    local x = (1 - q[s]) * back[s] * return_factor(reach[s])
    if s > h then
      x = x + q[s]
    end
    risk[s] = x
    if x < best then
      best = x
    end
  end
  local choices = {}
  for s = p + 1, NS do
    if risk[s] <= best + CLAIM_SLACK then
      choices[#choices + 1] = s
    end
  end
  local s = choices[liar.random(#choices)]
  r.mine[#view.history + 1] = view.hand
  if s == h then
    return view.hand
  end
  return REP[s]
end

---------------------------------------------------------------------------
-- Learning from what everyone does
---------------------------------------------------------------------------

local events = nil -- this round's public actions, shaped like view.history

-- With DEBUG set, what the bot has learned about each player is written
-- to its log at the end of each game (see `liar -v simulate`).
local function log_models()
  local function best_of(w, n)
    local best, at = -1, 0
    for i = 1, n do
      if w[i] > best then
        best, at = w[i], i
      end
    end
    return at, best
  end
  for seat, pl in liar.sorted_pairs(players) do
    local st = pl.styles
    local o, ow = best_of(pl.rules.open, NT + 1)
    local a, aw = best_of(pl.rules.after, NC * NT + 1)
    local after = "random"
    if a <= NC * NT then
      after = string.format("t=%s credit=%s", THRESHOLDS[(a - 1) % NT + 1], CREDITS[(a - 1) // NT + 1])
    end
    liar.log(string.format(
      "seat %d: styles truthful %.2f bold %.2f random %.2f; challenges openings: %s (%.2f), after re-throws: %s (%.2f)",
      seat, st[1], st[2], st[3], o <= NT and ("t=" .. THRESHOLDS[o]) or "random", ow, after, aw))
  end
end

function bot.observe(event)
  ensure_tables()
  local t = event.type
  if t == "round_start" then
    events = { game = event.game, round = event.round, history = {} }
    round_for(event.game, event.round)
  elseif t == "claim" or t == "accept" or t == "reroll" then
    if events then
      local h = events.history
      h[#h + 1] = { action = t, seat = event.seat, claim = event.claim, count = event.count }
      take_in(round_for(events.game, events.round), h)
    end
  elseif t == "challenge" then
    if events then
      local r = round_for(events.game, events.round)
      take_in(r, events.history)
      if event.seat ~= me then
        learn_answer(player(event.seat), r.claim, r.claim_k, true)
      end
      -- The dice are shown: replace what the claim taught by guesswork
      -- with the exact chance of that claim from that hand.
      local last = r.last
      if last and last.seat == event.claimer then
        local h = liar.strength(event.hand)
        local exact = {}
        for style = 1, 3 do
          exact[style] = claim_likelihood(style, last.c, h, last.p)
        end
        learn_style(player(last.seat), exact, last.lik)
      end
    end
    events = nil
  elseif t == "penalty" then
    events = nil -- the round ended without a challenge
  elseif t == "game_end" and DEBUG then
    log_models()
  end
end

return bot
