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
--    5 - k dice most of the time, and any 5 - k of his dice otherwise); a
--    claim re-weights it by how likely that claim was for
--    each hand (Bayes' rule). Dice the bot held itself it knows exactly.
--    Keeping all five dice is evidence in itself: a player who throws
--    nothing usually already beats the claim (under-claims are common), so
--    the belief is split into "beats it" / "does not" and re-weighted by
--    how often that player's keep-all raises have been true (a prior of
--    0.6, then his record). The chance that a claim is true is the weight
--    of the hands at least as high as the claim.
--
-- 2. For each opponent, how he claims: a mixture of five styles
--    (truthful: claims what he holds, or lies as little as he can; under:
--    names something between the claim to beat and his hand, often the
--    smallest step; bold: jumps well above what he holds; random:
--    anything; mimic: claims what he holds when it beats the claim, and
--    otherwise a hand drawn the way a re-throw would have dealt one, so
--    that the size of a claim says nothing about its truth), weighted by
--    how well each style explains what he did.
--    Dice shown at a challenge, and the dice the bot receives after
--    accepting a claim (they are the claimer's, so they settle his claim),
--    are exact evidence; every other claim counts too.
--
-- 3. For each opponent, when he challenges: a family of threshold rules
--    ("doubts claims whose fresh-throw chance is below t, giving a claimer
--    who kept more dice some credit", and "doubts a raise that is true
--    with chance below t for a reader who knows the claimer kept the first
--    5 - k dice of the claim before, or the dice he was passed, and reads
--    the claim as model 2 does", which is how a careful player reads a
--    raise: not "can those dice reach it?" but "would a player whose dice
--    got there have said that?") plus "challenges at random", each
--    weighted by how well it predicted his answers so far. The family is read twice, once for a strict player
--    and once for one who strays from his rule more often, and the two
--    readings are weighted the same way. This gives the chance that he challenges any claim
--    the bot might make, after any re-throw.
--
-- With those, the risk of a claim is
--     P(the next player challenges) * [the claim is a lie]
--   + P(he accepts) * P(the round comes back to me and I pay then),
-- where a lie's P(challenge) is the higher of two: by all his rules, and
-- by his fresh-throw rules alone (one game seldom tells the kinds apart);
-- a re-throw minimises the expected risk of the best claim it leads to;
-- a claim is challenged when the chance that it is true is lower than the
-- risk of accepting it (which is the expected risk of the best re-throw
-- over the hands I might receive), give or take a small random amount so
-- that no fixed threshold can be learned and played against.
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

local bot = { api_version = 1, name = "expert" }
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

-- The return risk of a claim depends on the dice the next player gets:
-- if he can beat my claim with the truth, the round comes back to me with
-- a true claim; if he cannot, he must lie, and liars get caught. So the
-- return risk is back[s] * (RETURN_FLOOR + (1 - RETURN_FLOOR) * R), where
-- R is his chance to beat s truthfully (his best re-throw, or none).
local function return_factor(r)
  return RETURN_FLOOR + (1 - RETURN_FLOOR) * r
end

-- A small preference for challenging: the challenger opens the next round,
-- and opening (fresh dice, no claim to beat) is the safest seat.
local STARTER_BONUS = 0.02
-- The challenge threshold is moved by up to this much either way.
local CHALLENGE_JITTER = 0.03
-- Claims whose risk is within this much of the best are drawn at random,
-- so that a player who models my claims cannot pin them down. It was 0.04
-- while two copies of a variant of expert_v1 that models claims held a
-- narrower draw to 41.8% at a 3-player table. Since the bot reads raises
-- (model 3) it wins 56.8% against them at 0.01 and 53.2% at 0.04, and the
-- wider draw costs 0.9 points at the bundled 4-player table
-- (docs/experiments/expert.md, eighth entry).
local CLAIM_SLACK = 0.01
-- Hands sampled from the belief to price accepting a claim.
local SAMPLES = 16
-- How often the bot slips and plays a plain move instead, as the bundled
-- statistician would (0 to 1; a table gives it as `params = { slip = 0.5 }`).
-- 0, the default, is full strength; `liar play --level medium` seats an
-- expert that slips, a step between the easy bots and two full experts
-- (docs/strength.md, "Levels"). What it learns is learned all the same.
local SLIP = tonumber(liar.params.slip) or 0
-- How often a threshold player does the other thing all the same. A
-- player who weighs more than the odds (a belief about the dice, his own
-- risk) answers like a threshold rule most of the time but not always,
-- while a plain threshold bot never strays. One noise level cannot price
-- both: at 0.04 a few stray answers left most of the weight on "challenges
-- at random" (against expert_v1: above half in most decisions) and the
-- bot priced his answers nearly as coin flips; at 0.08 it trusted a strict
-- threshold player less than it should. So every player is read under
-- each noise level at once, and the levels are weighed by how well each
-- predicted his answers. A one-game match gives few answers to weigh by,
-- so the prior leans to the strict reading (against two copies of honest
-- an even prior won 77% of 900 games, 3:1 won 80%).
local RULE_NOISES = { 0.03, 0.1 }
local NOISE_PRIOR = { 2, 1 }
-- A noise level never drops below this weight: players change.
local NOISE_FLOOR = 0.02
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
local SUBSETS = {} -- SUBSETS[m][i]: keys of every distinct m dice of hand i
-- Claims are compared by strength, 1..NS. (Without kickers hands with equal
-- groups tie, so there are fewer strengths than hands.)
local NS = 0
local REP = {} -- strength -> the lowest hand of that strength
local FRESH_GE = {} -- strength -> chance that a fresh throw reaches it
local REACH = {} -- strength s -> chance that a player holding REP[s] beats it
-- strength s -> the return factor of a true claim of s, and of a lie
local RETURN_TRUE, RETURN_LIE = {}, {}

-- For a mask of dice positions: how many dice it holds, and which die
-- (1-5) its lowest bit stands for.
local DIE_COUNT, LOW_DIE = { [0] = 0 }, {}
for mask = 1, 31 do
  DIE_COUNT[mask] = DIE_COUNT[mask >> 1] + (mask & 1)
end
for j = 1, 5 do
  LOW_DIE[1 << (j - 1)] = j
end

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
  for t = 1, NS do
    RETURN_TRUE[t] = return_factor(REACH[t])
    RETURN_LIE[t] = return_factor(LIE_REACH * REACH[t])
  end
end

-- For hand i: reach[c], the chance that a player holding it beats a claim
-- of strength c (0..NS), keeping the first m dice of its canonical
-- notation for the best m (re-throwing nothing when it already beats c).
-- It depends on the ranking only, so each hand's profile is kept.
local REACH_OF = {}
local function reach_profile(i)
  if REACH_OF[i] then
    return REACH_OF[i]
  end
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
  REACH_OF[i] = best
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

-- The 32 ways to re-throw five dice (a list of faces), by the mask of the
-- positions thrown: the key of the dice kept (keys[mask + 1]) and the
-- number thrown (counts[mask + 1]). Each mask's kept dice are the ones of
-- the mask without its lowest die, less that die.
local function rethrow_choices(dice)
  local fk, all = {}, 0
  for j = 1, 5 do
    fk[j] = POW[FACE_INDEX[dice[j]]]
    all = all + fk[j]
  end
  local keys, counts = { all }, { 0 }
  for mask = 1, 31 do
    local low = mask & -mask
    keys[mask + 1] = keys[mask - low + 1] - fk[LOW_DIE[low]]
    counts[mask + 1] = DIE_COUNT[mask]
  end
  return { keys = keys, counts = counts }
end

-- CHOICES_OF[i]: the re-throw choices of hand i, from its canonical dice
-- (the risk does not depend on the order of the dice).
-- SUBSETS[m][i]: the keys of hand i's distinct ways to keep m dice.
local CHOICES_OF = {}
local function build_choices()
  for m = 0, 5 do
    SUBSETS[m] = {}
  end
  for i = 1, NH do
    local choices = rethrow_choices(dice_of(HANDS[i]))
    CHOICES_OF[i] = choices
    local keys, seen = choices.keys, {}
    for m = 0, 5 do
      SUBSETS[m][i] = {}
    end
    -- By the mask of the dice kept (the complement of the dice thrown).
    for kept = 0, 31 do
      local key = keys[31 - kept + 1]
      if not seen[key] then
        seen[key] = true
        local list = SUBSETS[DIE_COUNT[kept]][i]
        list[#list + 1] = key
      end
    end
  end
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

local TRUTHFUL, BOLD, RANDOM, UNDER, MIMIC = 1, 2, 3, 4, 5
local NSTYLES = 5
-- Before any evidence a player is taken to be mostly truthful. The random
-- style gives every legal claim 1/(legal claims): for a rare hand that is
-- more than the truthful reading, so at 0.2 it made every high opening look
-- like a lie (openings it gave under 0.2 were true 56% of the time from
-- expert_v1, 87% from a variant of it).
-- The mimic style is not in the sum: it is added at 0.1 on top, so the
-- other four keep the proportions they were tuned with. Without it, a
-- player whose lies are drawn like his true claims held this bot to 36%
-- at a 3-player table; with it, 60% (900 games).
local STYLE_PRIOR = { 0.6, 0.15, 0.05, 0.2, 0.1 }

-- The numbers of the styles, shared by claim_likelihood and read_of.
-- Truthful: the truth, a small bluff above it, an under-call, and a floor
-- spread over every legal claim.
local T_EXACT, T_BLUFF, T_UNDER, T_FLOOR = 0.9, 0.07, 0.03, 0.03
-- Truthful and under, when the hand cannot beat the claim to beat: the
-- smallest lie, or a lie GEO further up.
local FORCED_STEP, FORCED_FURTHER = 0.85, 0.15
-- Under: spread over the claims between, plus the smallest step.
local U_SPREAD, U_STEP, U_FLOOR = 0.6, 0.4, 0.05
-- Bold: B_MIN to B_MAX hands above; mimic's floor.
local B_MIN, B_MAX, B_FLOOR, M_FLOOR = 3, 15, 0.1, 0.05
local B_SPAN = B_MAX - B_MIN + 1

-- `ml` (the mimic style only): the chance of strength c among the hands
-- the belief allowed above p when he claimed.
local function claim_likelihood(style, c, h, p, ml)
  local legal = NS - p
  if style == RANDOM then
    return 1 / legal
  end
  if style == MIMIC then
    local base
    if h > p then
      base = (c == h) and 1 or 0
    else
      base = ml
    end
    return (1 - M_FLOOR) * base + M_FLOOR / legal
  end
  local base
  if style == UNDER then
    -- Under-claims: when his hand beats the claim to beat he names
    -- something between the two, often the smallest step; otherwise the
    -- smallest lie.
    if h > p then
      if c > h then
        base = 0
      else
        base = U_SPREAD / (h - p)
        if c == p + 1 then
          base = base + U_STEP
        end
      end
    elseif c == p + 1 then
      base = FORCED_STEP
    else
      base = FORCED_FURTHER * GEO[c - p - 1]
    end
    return (1 - U_FLOOR) * base + U_FLOOR / legal
  elseif style == TRUTHFUL then
    -- The truth when it beats the claim to beat (now and then a small
    -- bluff above it, or an under-call); otherwise the smallest lie.
    if h > p then
      if c == h then
        base = T_EXACT
      elseif c > h then
        base = T_BLUFF * GEO[c - h]
      else
        base = T_UNDER / (h - p - 1)
      end
    elseif c == p + 1 then
      base = FORCED_STEP
    else
      base = FORCED_FURTHER * GEO[c - p - 1]
    end
    return (1 - T_FLOOR) * base + T_FLOOR / legal
  end
  -- Bold: 3 to 15 hands above the higher of what he holds and what he
  -- must beat (jumps past the top hand land on it).
  local from = h > p and h or p
  local j = c - from
  if c == NS then
    local lo = NS - from
    if lo < B_MIN then
      lo = B_MIN
    end
    base = lo <= B_MAX and (B_MAX + 1 - lo) / B_SPAN or 0
  elseif j >= B_MIN and j <= B_MAX then
    base = 1 / B_SPAN
  else
    base = 0
  end
  return (1 - B_FLOOR) * base + B_FLOOR / legal
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
-- Two more groups of rules score a raise by the dice the claimer kept, if
-- he kept the first 5 - k dice of the claim before: the chance of reaching
-- the claim from there. This is how a careful answerer reads "kept all
-- five and raised": the raise must come from the dice claimed before.
-- Two last groups do the same from the hand the claimer was passed, as the
-- player who passed it reads the raise: he knows that hand. Where it is
-- not known to me they score like the kept-dice groups.
-- Of each pair, one rule scores by reach and one by reading: the chance
-- that the raise is true for a reader who knows those dice and reads the
-- claim as model 2 does (`read_of` below). The two differ on "kept the
-- nines, threw one die and said a pair of tens": his dice reach it half
-- the time (two pairs, three nines), but a player who got there would
-- have said so. Players of both kinds exist: with the reading rules alone
-- two `mirror_hunter`s, who answer by reach, held the bot to 22% of 120
-- games; with the reach rules alone two players who answer by the shape
-- of a raise (bots/arena/cat_hunter.lua) held it to 35% of 1,500.
-- Groups 1..NC are the credits; then the four groups of the dice kept.
local KEPT, PASSED, KEPT_READ, PASSED_READ = NC + 1, NC + 2, NC + 3, NC + 4
local NG = PASSED_READ
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
-- after[(g - 1) * NT + t] for group g (a credit, KEPT or PASSED),
-- and after[NG * NT + 1] for "random".
-- The four groups of the dice kept start at half the weight of a credit
-- rule. The plain rules (no credit: the fresh-throw chance alone) start
-- at twice a credit rule's weight: it is the rule most players who answer
-- by the odds follow, and one game gives too few answers to find it from
-- an even start. So the groups of the dice kept hold a third of the
-- weight, and the two that read a raise a sixth.
local KEPT_PRIOR = 0.5
local PLAIN_PRIOR = 2
local function new_rules()
  local open, after = {}, {}
  for t = 1, NT do
    open[t] = 1
  end
  open[NT + 1] = 2
  for i = 1, NG * NT do
    after[i] = i > NC * NT and KEPT_PRIOR or (i <= NT and PLAIN_PRIOR or 1)
  end
  after[NG * NT + 1] = 2
  normalise(open, 0)
  normalise(after, 0)
  return { open = open, after = after }
end

-- One rule set per noise level, and the weight of each level.
local function new_readings()
  local sets, weights = {}, {}
  for m = 1, #RULE_NOISES do
    sets[m] = new_rules()
    weights[m] = NOISE_PRIOR[m]
  end
  normalise(weights, 0)
  return { sets = sets, weights = weights }
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
-- seat -> { styles, readings, q = cached challenge chances and merged
-- readings }
local players = {}

local function player(seat)
  local pl = players[seat]
  if pl == nil then
    pl = {
      styles = { STYLE_PRIOR[1], STYLE_PRIOR[2], STYLE_PRIOR[3], STYLE_PRIOR[4], STYLE_PRIOR[5] },
      -- Kept all five dice: how often his hand already beat the claim.
      keep_beat = 0,
      keep_n = 0,
      readings = new_readings(),
      q = {},
    }
    players[seat] = pl
  end
  return pl
end

-- The tails made so far, in two generations: when the new one is full
-- the old is dropped, and a tail still in use is carried over with its
-- bins and readings.
local TAILS, OLD_TAILS, tail_count = {}, {}, 0

-- prefix_tail(p, k)[s]: the chance that keeping the first 5 - k dice of
-- the claim before (strength p) and throwing k reaches strength s.
-- hand_tail(i, k): the same from hand index i (0: nothing kept).
local function hand_tail(i, k)
  if i == 0 or k == 5 then
    i, k = 0, 5 -- a fresh throw: the same tail from every hand
  end
  local id = i * 8 + k
  local tail = TAILS[id]
  if tail then
    return tail
  end
  -- A tail carries its bins and readings (about 20 KB in all): two
  -- generations of 200 keep this cache to about a third of the 32 MiB a
  -- bot may use (`liar check-bot --seed 1`: 13.5 MiB at the peak, the
  -- bot's other state included).
  if tail_count >= 200 then
    TAILS, OLD_TAILS, tail_count = {}, TAILS, 0
  end
  tail = OLD_TAILS[id]
  if tail then
    TAILS[id], tail_count = tail, tail_count + 1
    return tail
  end
  local kept_key = KEEP[5 - k][i] or 0
  local cnt = {}
  for x = 1, NS do
    cnt[x] = 0
  end
  local rk, rw = MS_KEY[k], MS_W[k]
  for j = 1, #rk do
    local st = KEY_STR[kept_key + rk[j]]
    cnt[st] = cnt[st] + rw[j]
  end
  tail = {}
  local acc = 0
  for x = NS, 1, -1 do
    acc = acc + cnt[x]
    tail[x] = acc
  end
  TAILS[id], tail_count = tail, tail_count + 1
  return tail
end

local function prefix_tail(p, k)
  if p > 0 then
    return hand_tail(HAND_INDEX[REP[p]], k)
  end
  return hand_tail(0, k)
end

-- read_of(tail, p)[s]: the chance that a claim of strength s over p is
-- true for a reader who knows that the claimer's hand has the tail `tail`
-- (tail[x]: the chance of strength x or more) and reads claims as model 2
-- does with no record of the claimer: the prior style weights. This is how
-- a careful answerer reads a raise from the dice the claimer kept or the
-- dice he passed: not "can those dice reach the claim?" but "would a
-- player holding what those dice make have named it?". A raise from a
-- pair of nines to the lowest pair of tens after throwing one die is
-- reachable half the time (two pairs, three nines), but a player who got
-- there would say so. One sweep each way.
--
-- The bold style's chance of claiming the top hand from a hand (or a
-- claim to beat) of strength `from`.
local function bold_to_top(from)
  local lo = math.max(B_MIN, NS - from)
  return lo <= B_MAX and (B_MAX + 1 - lo) / B_SPAN or 0
end
local function read_sweep(tail, p)
  local out = {}
  if (tail[p + 1] or 0) == 0 then
    for s = p + 1, NS do
      out[s] = 0 -- he cannot beat p: every raise is a lie
    end
    return out
  end
  -- This sweep is the answerer's hot path: at_most(x), the chance of
  -- strength x or less, is written out as 1 - (tail[x + 1] or 0).
  local b = {} -- b[x]: the chance of strength x exactly, for x > p
  for x = p + 1, NS do
    b[x] = tail[x] - (tail[x + 1] or 0)
  end
  local legal = NS - p
  local below = 1 - (tail[p + 1] or 0) -- his hand cannot beat p
  local above = 1 - below
  local wt, wb, wr, wu, wm = STYLE_PRIOR[1], STYLE_PRIOR[2], STYLE_PRIOR[3], STYLE_PRIOR[4], STYLE_PRIOR[5]
  -- Suffix sums of the under-calls: sum over h > s of b(h) / (h - p - 1)
  -- (truthful) and over h >= s of b(h) / (h - p) (under-claims).
  local under_t, under_u = {}, {}
  local acc_t, acc_u = 0, 0
  for s = NS, p + 1, -1 do
    under_t[s] = acc_t
    local bs = b[s]
    acc_u = acc_u + bs / (s - p)
    under_u[s] = acc_u
    if s - p - 1 > 0 then
      acc_t = acc_t + bs / (s - p - 1)
    end
  end
  -- The bold style's claims of the top hand, from every hand below it
  -- (a hand that cannot beat p jumps from p).
  local bold_top = below * bold_to_top(p)
  for h = math.max(p + 1, NS - B_MAX), NS - 1 do -- bold_to_top is 0 below
    bold_top = bold_top + b[h] * bold_to_top(h)
  end
  -- Each style gives (1 - floor) * [its own chance] + floor / legal: the
  -- sums over the hands that make the claim true, and over the others,
  -- gather into these factors.
  local c_floor = (wt * T_FLOOR + wu * U_FLOOR + wr + wb * B_FLOOR + wm * M_FLOOR) / legal
  local c_exact = wt * (1 - T_FLOOR) * T_EXACT + wm * (1 - M_FLOOR)
  local c_under_t, c_bluff = wt * (1 - T_FLOOR) * T_UNDER, wt * (1 - T_FLOOR) * T_BLUFF
  local c_under_u, c_step = wu * (1 - U_FLOOR) * U_SPREAD, wu * (1 - U_FLOOR) * U_STEP
  local c_forced = wt * (1 - T_FLOOR) + wu * (1 - U_FLOOR)
  local c_bold, c_top = wb * (1 - B_FLOOR), wb * (1 - B_FLOOR) * bold_to_top(NS)
  local c_mimic = wm * (1 - M_FLOOR)
  local c_forced_below, c_mimic_below = c_forced * below, c_mimic * below
  local small = 0 -- sum over p < h < s of b(h) * GEO[s - h]
  for s = p + 1, NS do
    local t, bs = tail[s], b[s]
    local forced = s == p + 1 and FORCED_STEP or FORCED_FURTHER * GEO[s - p - 1]
    local bold_lie -- hands B_MIN to B_MAX below s, or p there
    if s == NS then
      bold_lie = bold_top
    else
      local hi, lo = s - B_MIN, s - B_MAX - 1
      if lo < p then
        lo = p
      end
      bold_lie = hi > lo and ((1 - (tail[hi + 1] or 0)) - (1 - (tail[lo + 1] or 0))) / B_SPAN or 0
      if s - p >= B_MIN and s - p <= B_MAX then
        bold_lie = bold_lie + below / B_SPAN
      end
    end
    local true_part = c_exact * bs + c_under_t * under_t[s] + c_floor * t + c_under_u * under_u[s]
      + (s == p + 1 and c_step * t or 0) + (s == NS and c_top * bs or 0)
    local rest = 1 - t
    local lie_part = c_bluff * small + c_forced_below * forced + c_floor * rest + c_bold * bold_lie
      + (above > 0 and c_mimic_below * bs / above or 0)
    local all = true_part + lie_part
    out[s] = all > 0 and true_part / all or 0
    small = GEO_R * small + (1 - GEO_R) * bs
  end
  return out
end

-- What `build(tail, p)` gives, cached with the tail under `field` and p.
local function per_claim(tail, field, p, build)
  local all = tail[field]
  if all == nil then
    all = {}
    tail[field] = all
  end
  local out = all[p]
  if out == nil then
    out = build(tail, p)
    all[p] = out
  end
  return out
end

-- read_sweep, cached with the tail.
local function read_of(tail, p)
  return per_claim(tail, "reads", p, read_sweep)
end

-- The tail of the passed-dice rule: from the hand passed (index `base`)
-- when I know it, otherwise from the claim before.
local function base_tail(p, k, base)
  if base then
    return hand_tail(base, k)
  end
  return prefix_tail(p, k)
end

-- Multiplies the rule weights `w` by the chance each rule, at the given
-- noise, gave to one answer; returns the chance the whole set gave it.
local function weigh_rules(w, rules_of, challenged, noise)
  local hit, miss = 1 - noise, noise
  local before, after = 0, 0
  for i = 1, #w do
    before = before + w[i]
    local rule = rules_of[i]
    if rule == nil then
      w[i] = w[i] * 0.5 -- "challenges at random"
    else
      w[i] = w[i] * ((rule == challenged) and hit or miss)
    end
    after = after + w[i]
  end
  normalise(w, 1e-4)
  return after / before
end

-- Learns from one answer of `pl`: `challenged` or not, to a claim of
-- strength s over a claim of strength prev by a claimer who re-threw k
-- dice (k nil: an opening claim).
local function learn_answer(pl, s, k, challenged, prev, base)
  if s >= NS then
    return -- the top hand must be challenged: nothing to learn
  end
  -- says[i]: whether rule i challenges this claim (nil: the random rule).
  local f, says, kind = FRESH_GE[s], {}, "after"
  if k == nil then
    kind = "open"
    for t = 1, NT do
      says[t] = f < THRESHOLDS[t]
    end
  else
    for c = 1, NC do
      local score = rule_score(f, k, CREDITS[c])
      for t = 1, NT do
        says[(c - 1) * NT + t] = score < THRESHOLDS[t]
      end
    end
    local pv = prev or 0
    local kept, passed = prefix_tail(pv, k), base_tail(pv, k, base)
    local kept_read, passed_read = read_of(kept, pv)[s], read_of(passed, pv)[s]
    kept, passed = kept[s], passed[s]
    for t = 1, NT do
      says[(KEPT - 1) * NT + t] = kept < THRESHOLDS[t]
      says[(PASSED - 1) * NT + t] = passed < THRESHOLDS[t]
      says[(KEPT_READ - 1) * NT + t] = kept_read < THRESHOLDS[t]
      says[(PASSED_READ - 1) * NT + t] = passed_read < THRESHOLDS[t]
    end
  end
  local readings = pl.readings
  for m = 1, #RULE_NOISES do
    local w = readings.sets[m][kind]
    readings.weights[m] = readings.weights[m] * weigh_rules(w, says, challenged, RULE_NOISES[m])
  end
  normalise(readings.weights, 0)
  for m = 1, #RULE_NOISES do
    readings.weights[m] = math.max(readings.weights[m], NOISE_FLOOR)
  end
  pl.q = {} -- the cached chances are stale
end

-- The first threshold above `score` (NT + 1: none), searching down from
-- bin `from` (default: the top).
local function bin_of(score, from)
  local t = from or NT + 1
  while t > 1 and THRESHOLDS[t - 1] > score do
    t = t - 1
  end
  return t
end

-- The bins of scores[1..NS] when they fall as the claim rises: the bin
-- only moves down, so one sweep.
local function falling_bins(scores)
  local bins, t = {}, NT + 1
  for s = 1, NS do
    t = bin_of(scores[s], t)
    bins[s] = t
  end
  return bins
end

-- BIN[k][c][s]: the first threshold above the score of a claim of
-- strength s by a claimer who re-threw k dice (k = OPEN: opening), under
-- credit c. Static, so computed once.
local BIN = {}
local function build_bins()
  for k = 0, OPEN do
    BIN[k] = {}
    for c = 1, (k == OPEN and 1 or NC) do
      local scores = {}
      for s = 1, NS do
        scores[s] = rule_score(FRESH_GE[s], k, CREDITS[c])
      end
      BIN[k][c] = falling_bins(scores)
    end
  end
end

-- The bins of a tail's scores (they fall as the claim rises), and of its
-- readings over p (they need not fall): cached with the tail, for every
-- player's chances.
local function tail_bins(tail)
  local bins = tail.bins
  if bins == nil then
    bins = falling_bins(tail)
    tail.bins = bins
  end
  return bins
end

local function read_bin_sweep(tail, p)
  local scores, bins = read_of(tail, p), {}
  for s = p + 1, NS do
    bins[s] = bin_of(scores[s])
  end
  return bins
end

local function read_bins(tail, p)
  return per_claim(tail, "read_bins", p, read_bin_sweep)
end

-- Builds the tables of the table's ranking, once per match.
local ready = false
local function ensure_tables()
  if not ready then
    build_hand_tables()
    build_choices()
    build_bins()
    ready = true
  end
end

-- The readings of `pl` for one kind of claim ("open" or "after", with
-- `groups` groups of rules) merged into one: tails[c][t] is the merged
-- weight of thresholds t..NT under group c, i.e. of the rules that
-- challenge a claim whose first threshold above its score is t, and a
-- claim is challenged with chance floor + the sum over groups.
--
-- Under one reading (rule weights w, noise e) the chance is
--   (w_random * 0.5 + w_rules * e + (1 - 2e) * [weight of the rules that
--   challenge]) / total,
-- which is linear in the weights; so the readings are merged into one
-- vector of weights and one constant. Cached per player and kind.
local function merged_tails(pl, kind, groups)
  local merged = pl.q[kind]
  if merged then
    return merged.tails, merged.floor
  end
  local n, readings = groups * NT, pl.readings
  local all = 0
  for m = 1, #RULE_NOISES do
    all = all + readings.weights[m]
  end
  local w, floor = {}, 0
  for i = 1, n do
    w[i] = 0
  end
  for m = 1, #RULE_NOISES do
    local rw, noise = readings.sets[m][kind], RULE_NOISES[m]
    local total = 0
    for i = 1, n + 1 do
      total = total + rw[i]
    end
    local share = readings.weights[m] / all / total
    floor = floor + share * (rw[n + 1] * 0.5 + (total - rw[n + 1]) * noise)
    local gain = share * (1 - 2 * noise)
    for i = 1, n do
      w[i] = w[i] + gain * rw[i]
    end
  end
  local tails = {}
  for c = 1, groups do
    local offset, tail = (c - 1) * NT, {}
    tail[NT + 1] = 0
    for t = NT, 1, -1 do
      tail[t] = tail[t + 1] + w[offset + t]
    end
    tails[c] = tail
  end
  pl.q[kind] = { tails = tails, floor = floor }
  return tails, floor
end

-- The chance that `pl` challenges a claim, by strength, when the claimer
-- re-threw k dice (k = OPEN: an opening claim) over a claim of strength
-- prev: for every strength above prev, the claims that can be made.
-- A second table prices a lie: the higher of that chance and the chance
-- under the fresh-throw rules alone (groups 1..NC, as if he were known to
-- follow one of them). One game seldom tells the two kinds of answerer
-- apart (docs/strength.md), and a lie that only the readers of kept dice
-- let pass, such as four of a kind over a full house after two thrown
-- dice, is one that a player who answers by the odds alone catches.
-- Both are cached per player.
local function challenge_chances(pl, k, prev, base)
  local id = k == OPEN and OPEN or k + 8 * (prev or 0) + 8 * (NS + 1) * (base or 0)
  local cached = pl.q[id]
  if cached then
    return cached.all, cached.lie
  end
  local out, lie
  local kind, groups = "after", NG
  if k == OPEN then
    kind, groups = "open", 1
  end
  local tails, floor = merged_tails(pl, kind, groups)
  out = {}
  local bins = BIN[k]
  if groups == 1 then
    local t1, b1 = tails[1], bins[1]
    for s = 1, NS do
      out[s] = floor + t1[b1[s]]
    end
    lie = out
  else
    local t1, t2, t3, b1, b2, b3 = tails[1], tails[2], tails[3], bins[1], bins[2], bins[3]
    -- The groups of the dice kept: their scores follow the claim before,
    -- and a reading is not monotone in the claim.
    local pv = prev or 0
    local pt, bt = prefix_tail(pv, k), base_tail(pv, k, base)
    local b4, b5, b6, b7 = tail_bins(pt), tail_bins(bt), read_bins(pt, pv), read_bins(bt, pv)
    local t4, t5, t6, t7 = tails[KEPT], tails[PASSED], tails[KEPT_READ], tails[PASSED_READ]
    -- The fresh-throw rules' own chance: their challenging weight over
    -- their whole weight, read with the strict noise.
    local fresh_all, e = t1[1] + t2[1] + t3[1], RULE_NOISES[1]
    lie = {}
    for s = pv + 1, NS do
      local fresh = t1[b1[s]] + t2[b2[s]] + t3[b3[s]]
      local x = floor + fresh + t4[b4[s]] + t5[b5[s]] + t6[b6[s]] + t7[b7[s]]
      out[s] = x
      local harsh = e + (1 - 2 * e) * fresh / fresh_all
      lie[s] = harsh > x and harsh or x
    end
    lie[NS] = 1
  end
  out[NS] = 1 -- the top hand is always challenged
  pl.q[id] = { all = out, lie = lie }
  return out, lie
end

-- Updates the style weights of `pl` by the chance each style gave to what
-- he did (`lik[style]`), or by `lik / old` to replace an earlier estimate.
local function learn_style(pl, lik, old)
  local st = pl.styles
  for t = 1, NSTYLES do
    local r = lik[t] + 1e-9
    if old then
      r = r / (old[t] + 1e-9)
    end
    st[t] = st[t] * r
  end
  normalise(st, 0)
  for t = 1, NSTYLES do
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

-- A player re-threw k dice: mostly he kept the best 5 - k of the hand he
-- held, but not always: a player aiming at a straight, or at the hand
-- just above the claim, keeps other dice. Reading only the best keep
-- left no room for those hands: claims my belief gave under 0.2 were true
-- 30-60% of the time against statistician, caller and sandbagger.
local KEEP_OTHER = 0.3
local function rethrow(d, k)
  local kept = {} -- key of the kept dice -> weight
  local m = 5 - k
  local keep, subsets = KEEP[m], SUBSETS[m]
  for i = 1, NH do
    local w = d[i]
    if w > 0 then
      local key = keep[i]
      kept[key] = (kept[key] or 0) + w * (1 - KEEP_OTHER)
      local list = subsets[i]
      local each = w * KEEP_OTHER / #list
      for j = 1, #list do
        key = list[j]
        kept[key] = (kept[key] or 0) + each
      end
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
-- re-weights the belief. Returns it, the chance of the claim under each
-- style (what the claim teaches about the player), and the mimic style's
-- chance of this claim as a lie (kept to weigh it again once his hand is
-- known).
local function after_claim(d, styles, c, p)
  local out = {}
  local l1s, l2s, l3, l4s, l5s = 0, 0, 1 / (NS - p), 0, 0
  local w1, w2, w3, w4, w5 = styles[1], styles[2], styles[3], styles[4], styles[5]
  local total = 0
  -- A mimic's lie is a hand above p, drawn as the belief draws his dice.
  local above, at_c = 0, 0
  for i = 1, NH do
    local h = STR[i]
    if h > p then
      above = above + d[i]
      if h == c then
        at_c = at_c + d[i]
      end
    end
  end
  local ml = above > 0 and at_c / above or 1 / (NS - p)
  for i = 1, NH do
    local w = d[i]
    if w > 0 then
      local h = STR[i]
      local l1 = claim_likelihood(TRUTHFUL, c, h, p)
      local l2 = claim_likelihood(BOLD, c, h, p)
      local l4 = claim_likelihood(UNDER, c, h, p)
      local l5 = claim_likelihood(MIMIC, c, h, p, ml)
      l1s = l1s + w * l1
      l2s = l2s + w * l2
      l4s = l4s + w * l4
      l5s = l5s + w * l5
      local x = w * (w1 * l1 + w2 * l2 + w3 * l3 + w4 * l4 + w5 * l5)
      out[i] = x
      total = total + x
    else
      out[i] = 0
    end
  end
  if total <= 0 then
    return d, { 1, 1, 1, 1, 1 }, ml
  end
  for i = 1, NH do
    out[i] = out[i] / total
  end
  return out, { l1s, l2s, l3, l4s, l5s }, ml
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

-- A player kept all five dice: his hand beat the claim to beat (strength
-- p) with chance rho, whatever the belief said before. The belief is
-- split in two (beats p / does not) and the parts re-weighted.
local function keep_all(d, p, rho)
  local above = 0
  for i = 1, NH do
    if STR[i] > p then
      above = above + d[i]
    end
  end
  local below = 1 - above
  if above < 1e-9 or below < 1e-9 then
    return d -- the dice are known (or nothing else is possible)
  end
  local fa, fb = rho / above, (1 - rho) / below
  local out = {}
  for i = 1, NH do
    out[i] = d[i] * (STR[i] > p and fa or fb)
  end
  return out
end

-- How often a player who kept all five dice already beat the claim: a
-- prior of KEEP_PRIOR worth KEEP_PRIOR_N observations, then his record.
local KEEP_PRIOR, KEEP_PRIOR_N = 0.6, 3
local function keep_rate(pl)
  return (pl.keep_beat + KEEP_PRIOR * KEEP_PRIOR_N) / (pl.keep_n + KEEP_PRIOR_N)
end

local function learn_keep(pl, beat)
  pl.keep_n = pl.keep_n + 1
  if beat then
    pl.keep_beat = pl.keep_beat + 1
  end
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

-- The hand behind my standing claim as `seat` knows it (he passed it to
-- me), or nil.
local function base_for(r, seat)
  if r.claimer == me and r.base_seat == seat then
    return r.base
  end
  return nil
end

local function take_in(r, history)
  for n = r.n + 1, #history do
    local a = history[n]
    if a.action == "claim" then
      local c = strength_of(a.claim)
      if a.seat == me and r.mine[n] then
        r.belief = known_belief(r.mine[n])
        r.passed = r.mine[n]
        r.last = nil
        -- Who knows the dice behind my claim: the player who passed them.
        r.base, r.base_seat = r.recv, r.passer
        r.recv, r.passer = nil, nil
      else
        local pl = player(a.seat)
        local lik, ml
        r.belief, lik, ml = after_claim(r.belief, pl.styles, c, r.claim)
        learn_style(pl, lik)
        r.passed = nil
        r.last = { seat = a.seat, c = c, p = r.claim, lik = lik, keep = r.keep, ml = ml }
      end
      r.claim_prev = r.claim
      r.claim, r.claim_k, r.claimer, r.k = c, r.k, a.seat, nil
    elseif a.action == "accept" then
      if a.seat ~= me then
        learn_answer(player(a.seat), r.claim, r.claim_k, false, r.claim_prev, base_for(r, a.seat))
      end
    elseif a.action == "reroll" then
      r.keep = nil
      if a.seat ~= me then
        local pl = player(a.seat)
        if a.count == 0 then
          if r.claimer == me and r.passed then
            -- I know the dice he kept: learn at once.
            learn_keep(pl, liar.strength(r.passed) > r.claim)
          else
            r.belief = keep_all(r.belief, r.claim, keep_rate(pl))
            r.keep = { seat = a.seat, p = r.claim }
          end
        else
          r.belief = rethrow(r.belief, a.count)
        end
      end
      r.k = a.count
    end
  end
  r.n = #history
end

-- The hand behind the last opponent claim is known (shown at a challenge,
-- or received after accepting it): learn his style exactly, whether he
-- beat the claim before when he kept all five dice.
local function learn_from_hand(r, seat, hand)
  local last = r.last
  if last == nil or last.seat ~= seat or last.done then
    return
  end
  last.done = true
  local pl = player(seat)
  local h = liar.strength(hand)
  local exact = {}
  for style = 1, NSTYLES do
    exact[style] = claim_likelihood(style, last.c, h, last.p, last.ml)
  end
  learn_style(pl, exact, last.lik)
  if last.keep and last.keep.seat == seat then
    learn_keep(pl, h > last.keep.p)
  end
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
    local qj = challenge_chances(player(after[j]), 2, p)
    for s = p + 1, NS do
      local t = s + 2 * (j - 1)
      back[s] = back[s] * (1 - qj[t < NS and t or NS])
    end
  end
  return back, after[1]
end

-- The risk of my best claim over strength p, for each strength h of the
-- hand I might hold, when I re-threw k dice (OPEN: I open the round). A
-- claim s > p is either an under-call (s < h: the next player can keep my
-- dice and claim the truth), exact (s = h), or a lie (s > h). For the
-- last two his chance to beat s is taken from REACH, the chance of beating
-- s from a hand of strength s itself (less for a lie: he gets weaker dice).
local function best_claim_risk(back, nxt, p, k, base)
  local q, q_lie = challenge_chances(player(nxt), k, p, base)
  local out, lie = {}, {}
  -- Upwards: out[h] = the best of the under-calls below h and the exact
  -- claim; lie risks are kept for the way down.
  local best_under = math.huge
  for s = p + 1, NS do
    local qs, b = q[s], back[s]
    local kept = (1 - qs) * b
    local x = kept * RETURN_TRUE[s]
    out[s] = x < best_under and x or best_under
    if kept < best_under then
      best_under = kept
    end
    local ql = q_lie[s]
    lie[s] = ql + (1 - ql) * b * RETURN_LIE[s]
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
local function risk_tables(view, p, r)
  local tables = {}
  local back, nxt = return_risks(view, p)
  local base = r and r.passer == nxt and r.recv or nil
  for k = 0, 5 do
    tables[k] = best_claim_risk(back, nxt, p, k, base)
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

-- The best of the re-throw choices: its expected risk and its mask. Among
-- equal choices it throws the fewest dice.
local function best_choice(choices, tables, cache)
  local keys, counts = choices.keys, choices.counts
  local best, best_mask, best_k = math.huge, 0, 0
  for mask = 0, 31 do
    local k = counts[mask + 1]
    local e = rethrow_risk(keys[mask + 1], k, tables, cache)
    if e < best - 1e-12 or (e < best + 1e-12 and k < best_k) then
      best, best_mask, best_k = e, mask, k
    end
  end
  return best, best_mask
end

-- The best re-throw of the dice I hold (a list of faces): the positions to
-- throw.
local function best_rethrow(dice, tables)
  local _, mask = best_choice(rethrow_choices(dice), tables, {})
  local positions = {}
  for j = 1, 5 do
    if mask & (1 << (j - 1)) ~= 0 then
      positions[#positions + 1] = j
    end
  end
  return positions
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

-- Whether this decision is a slip (no draw at all at full strength, so
-- that the full-strength bot plays as if the parameter did not exist).
local function slips()
  return SLIP > 0 and liar.random() < SLIP
end

-- The plain moves of a slip: the statistician's rules.
local plain = {}

function plain.challenge(view)
  local p = liar.chance("", view.claim)
  if view.rerolled then
    p = p + (1 - p) * (5 - view.rerolled) / 10
  end
  return p < 0.5
end

function plain.reroll(view)
  local target = liar.lowest_above(view.claim)
  if target == nil or liar.beats(view.hand, view.claim) then
    return {}
  end
  return liar.best_reroll(view.dice, target)
end

function plain.claim(view)
  if liar.beats(view.hand, view.claim) then
    return view.hand
  end
  return liar.lowest_above(view.claim)
end

function bot.challenge(view)
  local r = start(view)
  if liar.is_top(view.claim) then
    return true
  end
  if slips() then
    return plain.challenge(view)
  end
  local c = strength_of(view.claim)
  local d = r.belief
  local p_true = chance_true(d, c)
  if p_true < 0.01 then
    return true
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
      x = best_choice(CHOICES_OF[i], tables, cache)
      memo[i] = x
    end
    risk = risk + x
  end
  -- A threshold that never moves can be learned and played against: it
  -- is drawn afresh, a little either way, for every decision.
  local jitter = (liar.random() - 0.5) * 2 * CHALLENGE_JITTER
  return p_true < risk / SAMPLES + STARTER_BONUS + jitter
end

function bot.reroll(view)
  local r = start(view)
  -- The dice I hold are the claimer's: his claim is settled.
  learn_from_hand(r, view.claimer, view.hand)
  r.recv, r.passer = HAND_INDEX[view.hand], view.claimer
  if slips() then
    return plain.reroll(view)
  end
  local tables = risk_tables(view, strength_of(view.claim), r)
  return best_rethrow(view.dice, tables)
end

function bot.claim(view)
  local r = start(view)
  if slips() then
    r.mine[#view.history + 1] = view.hand
    return plain.claim(view)
  end
  local p = strength_of(view.claim)
  local k = OPEN
  if view.claim ~= nil then
    k = r.k or 0
  end
  local back, nxt = return_risks(view, p)
  local base = nil
  if k ~= OPEN and r.passer == nxt then
    base = r.recv
  end
  local q, q_lie = challenge_chances(player(nxt), k, p, base)
  local i = HAND_INDEX[view.hand]
  local h = STR[i]
  local reach = reach_profile(i)
  -- Price every legal claim, then draw among the near-best.
  local best, risk = math.huge, {}
  for s = p + 1, NS do
    local qs = s > h and q_lie[s] or q[s]
    local x = (1 - qs) * back[s] * return_factor(reach[s])
    if s > h then
      x = x + qs
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
    local m = best_of(pl.readings.weights, #RULE_NOISES)
    local rules = pl.readings.sets[m]
    local o, ow = best_of(rules.open, NT + 1)
    local a, aw = best_of(rules.after, NG * NT + 1)
    local g, t = (a - 1) // NT + 1, THRESHOLDS[(a - 1) % NT + 1]
    local after = "random"
    if g == PASSED or g == PASSED_READ then
      after = string.format("passed-dice t=%s%s", t, g == PASSED_READ and " read" or "")
    elseif g == KEPT or g == KEPT_READ then
      after = string.format("kept-dice t=%s%s", t, g == KEPT_READ and " read" or "")
    elseif g <= NC then
      after = string.format("t=%s credit=%s", t, CREDITS[g])
    end
    liar.log(string.format(
      "seat %d: styles truthful %.2f bold %.2f random %.2f under %.2f mimic %.2f; noise %s (%.2f); challenges openings: %s (%.2f), after re-throws: %s (%.2f)",
      seat, st[1], st[2], st[3], st[4], st[5], RULE_NOISES[m], pl.readings.weights[m], o <= NT and ("t=" .. THRESHOLDS[o]) or "random", ow, after, aw))
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
        learn_answer(player(event.seat), r.claim, r.claim_k, true, r.claim_prev, base_for(r, event.seat))
      end
      -- The dice are shown: replace what the claim taught by guesswork
      -- with the exact chance of that claim from that hand.
      learn_from_hand(r, event.claimer, event.hand)
    end
    events = nil
  elseif t == "penalty" then
    events = nil -- the round ended without a challenge
  elseif t == "game_end" and DEBUG then
    log_models()
  end
end

return bot
