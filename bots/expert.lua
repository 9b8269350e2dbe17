-- expert.lua: the strongest bundled player, and a worked example of how to
-- think about Liar Dice.
--
-- The game in one paragraph: whoever answers a claim either challenges it
-- (and pays a chip if it was true) or accepts it, takes the dice, re-throws
-- some of them and must claim higher. One chip changes hands per round, so
-- the only question that matters each round is "how likely am I to be the
-- one who pays?". Every decision below estimates that probability and picks
-- the action that makes it smallest.
--
-- The bot keeps three pieces of knowledge:
--
-- 1. A belief about the dice on the table (a probability for each of the
--    252 hands). It starts as a fresh throw, and every public event updates
--    it: a re-throw of k dice mixes it (the thrower is assumed to keep his
--    best 5-k dice), a claim re-weights it by how likely that claim was for
--    each hand (Bayes' rule). When the bot itself held the dice it knows
--    them exactly. The chance that a claim is true is the weight of the
--    hands at least as high as the claim.
--
-- 2. For each opponent, how he claims: a mixture of three styles
--    (truthful: claims what he holds or lies as little as he can; bold:
--    jumps well above what he holds; random: anything), weighted by how well
--    each style explains what he did. Shown dice at a challenge are the
--    best evidence; every other claim counts a little too.
--
-- 3. For each opponent, when he challenges: a set of threshold rules
--    ("he doubts claims whose fresh-throw chance is below t, giving a
--    claimer who kept more dice some credit"), plus "challenges at random",
--    weighted by how well each rule predicted his past answers. This gives
--    the chance that he challenges any claim the bot might make.
--
-- With those, a claim's risk is
--   P(next player challenges) * [claim is a lie]
--   + P(he accepts) * P(the round comes back to me and I pay then),
-- a re-throw is chosen to minimise the expected risk of the best claim it
-- leads to, and a claim is challenged when the chance it is true is lower
-- than the risk of accepting it.
--
-- Everything uses only the public API: `liar.*` for the hand order and the
-- exact odds, `liar.random` for randomness, `liar.sorted_pairs` where order
-- matters. Each decision costs well under 200,000 Lua instructions.

local bot = { api_version = 1, name = "expert" }

---------------------------------------------------------------------------
-- Tunable constants
---------------------------------------------------------------------------

-- Chance that the round comes back to me and costs me the chip, once the
-- next player has accepted my claim (heads-up it always comes back).
local RETURN_RISK_MULTI = 0.20
local RETURN_RISK_HEADS_UP = 0.35
-- Small preference for challenging: the challenger opens the next round,
-- and opening (a fresh throw, no claim to beat) is the safest seat.
local STARTER_BONUS = 0.02
-- Claims whose risk is within this much of the best one are drawn at
-- random, so that the bot is not fully predictable.
local CLAIM_SLACK = 0.01
-- Noise of the challenge-rule model: even a threshold player surprises us
-- this often.
local RULE_NOISE = 0.04

---------------------------------------------------------------------------
-- Tables of hands (built once, when the bot is loaded)
---------------------------------------------------------------------------

local FACES = liar.faces
local FACE_INDEX = {}
for i, f in ipairs(FACES) do
  FACE_INDEX[f] = i
end
-- A multiset of dice is identified by a key: the sum over faces of
-- count * 6^(face - 1). The key of two multisets together is the sum of
-- their keys, which makes "kept dice + re-thrown dice" one addition.
local POW = { 1, 6, 36, 216, 1296, 7776 }

local function key_of(text_or_list)
  local key = 0
  if type(text_or_list) == "string" then
    for j = 1, #text_or_list do
      key = key + POW[FACE_INDEX[text_or_list:sub(j, j)]]
    end
  else
    for j = 1, #text_or_list do
      key = key + POW[FACE_INDEX[text_or_list[j]]]
    end
  end
  return key
end

-- MS_KEY[n], MS_W[n]: every multiset of n dice (n = 0..5) and the chance
-- that n thrown dice show it.
local MS_KEY, MS_W = {}, {}
do
  local fact = { [0] = 1, 1, 2, 6, 24, 120 }
  for n = 0, 5 do
    local keys, weights = {}, {}
    local counts = { 0, 0, 0, 0, 0, 0 }
    local function rec(face, left)
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
        rec(face + 1, left - c)
      end
    end
    rec(1, n)
    MS_KEY[n], MS_W[n] = keys, weights
  end
end

-- The 252 hands, weakest first (liar.above(nil) lists them all).
local HANDS = liar.above(nil)
local NH = #HANDS
local HAND_INDEX = {} -- canonical hand -> index
local STR = {} -- index -> strength (equal strengths tie)
local KEY_INDEX = {} -- multiset key -> index
local FRESH = {} -- index -> chance a fresh throw is exactly this hand
local PREFIX = {} -- PREFIX[m][i]: key of the m dice a player keeps from hand i
for m = 0, 5 do
  PREFIX[m] = {}
end
for i = 1, NH do
  local h = HANDS[i]
  HAND_INDEX[h] = i
  STR[i] = liar.strength(h)
  local key = key_of(h)
  KEY_INDEX[key] = i
  -- Canonical notation lists the dice by group size, then face, so its
  -- first m letters are the m dice worth keeping: "QQQ99" keeps "QQQ",
  -- "KK99A" keeps "KK99", "TTAK9" keeps "TT" or "TTA", a bust keeps its
  -- high cards.
  for m = 0, 5 do
    PREFIX[m][i] = key_of(h:sub(1, m))
  end
end
for j = 1, #MS_KEY[5] do
  FRESH[KEY_INDEX[MS_KEY[5][j]]] = MS_W[5][j]
end

-- Claims are compared by strength; NS strengths from 1 (weakest) to NS.
-- (Without kickers, hands of equal groups tie: fewer strengths than hands.)
local NS = 0
local REP = {} -- strength -> the lowest hand of that strength (a claim)
local FRESH_GE = {} -- strength -> chance a fresh throw reaches it
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
FRESH_GE[NS + 1] = 0

local function strength_of(claim)
  if claim == nil then
    return 0
  end
  return liar.strength(claim)
end

---------------------------------------------------------------------------
-- How opponents claim (model 2)
---------------------------------------------------------------------------

-- P(claim strength c | he holds strength h, the claim to beat is p), for
-- each style. Each is a probability distribution over c in p+1..NS.
local GEO_R = 0.7 -- the truthful style's rare lies: jumps of 1, 2, 3... geometric
local GEO = {}
for j = 1, NS do
  GEO[j] = (1 - GEO_R) * GEO_R ^ (j - 1)
end

local STYLES = { "truthful", "bold", "random" }
local STYLE_PRIOR = { 0.6, 0.2, 0.2 }

local function claim_likelihood(style, c, h, p)
  local legal = NS - p
  if style == 3 then
    return 1 / legal
  end
  local base
  if style == 1 then
    -- Truthful: the truth when it beats the claim to beat (now and then a
    -- small bluff above it or an under-call), else the smallest lie.
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
  -- Bold: 3 to 15 hands above the higher of what he holds and what he must
  -- beat (cut at the top hand).
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
-- When opponents challenge (model 3)
---------------------------------------------------------------------------

-- A rule "challenges when score < t". The score of a claim is its fresh
-- throw chance f; after a re-throw of k dice the claimer kept 5-k, and a
-- rule may credit that: score = f + (1 - f) * credit * (5 - k) / 10.
local THRESHOLDS = { 0, 0.01, 0.02, 0.03, 0.05, 0.08, 0.12, 0.16, 0.2, 0.25,
  0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 0.75, 0.9, 1.01 }
local NT = #THRESHOLDS
local CREDITS = { 0, 0.5, 1 }
local NC = #CREDITS

-- A fresh set of weights: opening answers use [t] (plus [NT + 1] for
-- "random"); answers after a re-throw use [(c - 1) * NT + t] (plus
-- [NC * NT + 1]).
local function new_rules()
  local open, after = {}, {}
  for t = 1, NT do
    open[t] = 1
  end
  open[NT + 1] = 2 -- "challenges at random": worth a few thresholds
  for c = 1, NC do
    for t = 1, NT do
      after[(c - 1) * NT + t] = 1
    end
  end
  after[NC * NT + 1] = 2
  local function normalise(w)
    local s = 0
    for i = 1, #w do
      s = s + w[i]
    end
    for i = 1, #w do
      w[i] = w[i] / s
    end
  end
  normalise(open)
  normalise(after)
  return { open = open, after = after }
end

local function rule_score(f, k, credit)
  if k == nil then
    return f
  end
  return f + (1 - f) * credit * (5 - k) / 10
end

-- Learns from one answer: `challenged` to a claim of strength s by a
-- claimer who re-threw k dice (nil: opening).
local function learn_answer(rules, s, k, challenged)
  if s >= NS then
    return -- the top hand must be challenged: nothing to learn
  end
  local f = FRESH_GE[s]
  local hit, miss = 1 - RULE_NOISE, RULE_NOISE
  local w, total
  if k == nil then
    w = rules.open
    for t = 1, NT do
      local says = f < THRESHOLDS[t]
      w[t] = w[t] * ((says == challenged) and hit or miss)
    end
    w[NT + 1] = w[NT + 1] * 0.5
  else
    w = rules.after
    for c = 1, NC do
      local score = rule_score(f, k, CREDITS[c])
      for t = 1, NT do
        local i = (c - 1) * NT + t
        local says = score < THRESHOLDS[t]
        w[i] = w[i] * ((says == challenged) and hit or miss)
      end
    end
    w[NC * NT + 1] = w[NC * NT + 1] * 0.5
  end
  total = 0
  for i = 1, #w do
    total = total + w[i]
  end
  for i = 1, #w do
    -- a floor keeps every rule alive: players change their minds
    w[i] = w[i] / total + 1e-4
  end
end

-- The chance of a challenge, by claim strength, from p + 1 to NS, for a
-- claimer who re-threw k dice (nil: opening).
local function challenge_chances(rules, p, k)
  local out = {}
  local w, groups, random_w
  if k == nil then
    w, groups, random_w = rules.open, 1, rules.open[NT + 1]
  else
    w, groups, random_w = rules.after, NC, rules.after[NC * NT + 1]
  end
  local total = random_w
  for i = 1, groups * NT do
    total = total + w[i]
  end
  for s = p + 1, NS do
    out[s] = random_w * 0.5
  end
  for c = 1, groups do
    local credit = CREDITS[c]
    local offset = (c - 1) * NT
    -- tail[t]: weight of the thresholds above index t - 1
    local tail = {}
    tail[NT + 1] = 0
    for t = NT, 1, -1 do
      tail[t] = tail[t + 1] + w[offset + t]
    end
    -- As s rises the score falls, so the first threshold above it only
    -- moves down: one sweep.
    local t = 1
    for s = p + 1, NS do
      local score = rule_score(FRESH_GE[s], k, credit)
      while t > 1 and THRESHOLDS[t - 1] > score do
        t = t - 1
      end
      while t <= NT and THRESHOLDS[t] <= score do
        t = t + 1
      end
      -- thresholds t..NT are above the score: those rules challenge
      local yes = tail[t]
      local no = tail[1] - yes
      out[s] = out[s] + yes * (1 - RULE_NOISE) + no * RULE_NOISE
    end
  end
  for s = p + 1, NS do
    out[s] = out[s] / total
  end
  out[NS] = 1 -- the top hand is always challenged
  return out
end

---------------------------------------------------------------------------
-- Opponents and the match
---------------------------------------------------------------------------

local me -- my seat
local players = {} -- seat -> { styles = {...}, rules = {...} }

local function player(seat)
  local pl = players[seat]
  if pl == nil then
    pl = { styles = { STYLE_PRIOR[1], STYLE_PRIOR[2], STYLE_PRIOR[3] }, rules = new_rules() }
    players[seat] = pl
  end
  return pl
end

-- The seats still in the game after `seat`, in turn order.
local function seats_after(view, seat)
  local order, chips = view.order, view.chips
  local n = #order
  local pos
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
-- The belief about the dice (model 1)
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
  d[HAND_INDEX[hand]] = 1
  return d
end

-- A player re-threw k dice: he kept the best 5 - k of the hand he held.
local function rethrow(d, k)
  local kept = {} -- key of kept dice -> weight
  local m = 5 - k
  local pre = PREFIX[m]
  for i = 1, NH do
    local w = d[i]
    if w > 0 then
      local key = pre[i]
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

-- A player with claim styles `styles` claimed strength c over strength p:
-- re-weight the belief. Returns the new belief and the probability of the
-- claim under each style (for learning).
local function after_claim(d, styles, c, p)
  local out = {}
  local by_style = { 0, 0, 0 }
  local total = 0
  for i = 1, NH do
    local w = d[i]
    if w > 0 then
      local h = STR[i]
      local l1 = claim_likelihood(1, c, h, p)
      local l2 = claim_likelihood(2, c, h, p)
      local l3 = 1 / (NS - p)
      by_style[1] = by_style[1] + w * l1
      by_style[2] = by_style[2] + w * l2
      by_style[3] = by_style[3] + w * l3
      local l = styles[1] * l1 + styles[2] * l2 + styles[3] * l3
      out[i] = w * l
      total = total + w * l
    else
      out[i] = 0
    end
  end
  if total > 0 then
    for i = 1, NH do
      out[i] = out[i] / total
    end
  else
    out = d
  end
  return out, by_style
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

-- My own hands this round, by the position of my claim in the history.
local my_round, my_hands = nil, {}

-- Replays the round's history into a belief about the dice now on the
-- table. `learn(seat, by_style, c, p, d_before)` is called for every
-- opponent's claim.
local function replay(view_or_log, learn)
  local d = fresh_belief()
  local p = 0
  local history = view_or_log.history
  for n = 1, #history do
    local a = history[n]
    if a.action == "claim" then
      local c = strength_of(a.claim)
      if a.seat == me and my_hands[n] then
        d = known_belief(my_hands[n])
      else
        local by_style
        local before = d
        d, by_style = after_claim(d, player(a.seat).styles, c, p)
        if learn then
          learn(a.seat, by_style, c, p, before, n)
        end
      end
      p = c
    elseif a.action == "reroll" then
      if a.seat ~= me then
        d = rethrow(d, a.count)
      end
    end
  end
  return d, p
end

---------------------------------------------------------------------------
-- Risk of my claims
---------------------------------------------------------------------------

-- Everything needed to price my claims over strength p when the next
-- player is `next_seat`: for each re-throw count k (0..5, and "open" for
-- an opening claim), the risk of each claim if it is true and if it is a
-- lie, and the best of both for every hand I might hold.
local function claim_risks(view, p, k)
  local after = seats_after(view, me)
  local nxt = after[1]
  local q = challenge_chances(player(nxt).rules, p, k)
  local back = #after > 1 and RETURN_RISK_MULTI or RETURN_RISK_HEADS_UP
  local truth, lie = {}, {}
  for s = p + 1, NS do
    truth[s] = (1 - q[s]) * back
    lie[s] = q[s] + (1 - q[s]) * back
  end
  return truth, lie, q
end

-- For each strength h of the hand I hold: the risk of my best claim.
local function best_claim_risk(truth, lie, p)
  local best_truth = {} -- min over p < s <= h of truth[s]
  local best_lie = {} -- min over s > h of lie[s]
  local m = math.huge
  for s = p + 1, NS do
    if truth[s] < m then
      m = truth[s]
    end
    best_truth[s] = m
  end
  m = math.huge
  best_lie[NS] = math.huge
  for s = NS, p + 1, -1 do
    best_lie[s - 1] = math.min(m, lie[s])
    m = best_lie[s - 1]
  end
  local out = {}
  for i = 1, NH do
    local h = STR[i]
    local r
    if h > p then
      r = math.min(best_truth[h], best_lie[h] or math.huge)
    else
      r = best_lie[p]
    end
    out[i] = r
  end
  return out
end

-- Risk tables for every re-throw count, for a claim to beat of strength p.
local function risk_tables(view, p)
  local tables = {}
  for k = 0, 5 do
    local truth, lie = claim_risks(view, p, k)
    tables[k] = best_claim_risk(truth, lie, p)
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
      e = e + rw[j] * tab[KEY_INDEX[kept_key + rk[j]]]
    end
    cache[id] = e
  end
  return e
end

-- The best re-throw of five dice (a list of faces): the expected risk and
-- the positions to throw. Among equal choices it throws the fewest dice.
local function best_rethrow(dice, tables, cache)
  local best, best_pos, best_k = math.huge, {}, 0
  local fk = {}
  for j = 1, 5 do
    fk[j] = POW[FACE_INDEX[dice[j]]]
  end
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
      best, best_k = e, k
      best_pos = mask
    end
  end
  local positions = {}
  for j = 1, 5 do
    if best_pos & (1 << (j - 1)) ~= 0 then
      positions[#positions + 1] = j
    end
  end
  return best, positions
end

local function dice_of(hand)
  local dice = {}
  for j = 1, 5 do
    dice[j] = hand:sub(j, j)
  end
  return dice
end

---------------------------------------------------------------------------
-- Decisions
---------------------------------------------------------------------------

local function start_decision(view)
  me = view.seat
  local id = view.game * 100000 + view.round
  if my_round ~= id then
    my_round, my_hands = id, {}
  end
end

function bot.challenge(view)
  start_decision(view)
  if liar.is_top(view.claim) then
    return true
  end
  local d, c = replay(view)
  local p_true = chance_true(d, c)
  if p_true < 0.01 then
    return true
  end
  -- Risk of accepting: I would receive one of the hands the belief allows,
  -- re-throw as well as I can and claim as safely as I can.
  local tables = risk_tables(view, c)
  -- Take the likeliest hands, up to 97% of the belief (at most 20).
  local idx = {}
  for i = 1, NH do
    if d[i] > 1e-4 then
      idx[#idx + 1] = i
    end
  end
  table.sort(idx, function(a, b)
    if d[a] ~= d[b] then
      return d[a] > d[b]
    end
    return a < b
  end)
  local mass, risk, cache = 0, 0, {}
  for n = 1, math.min(#idx, 20) do
    local i = idx[n]
    local r = best_rethrow(dice_of(HANDS[i]), tables, cache)
    risk = risk + d[i] * r
    mass = mass + d[i]
    if mass > 0.97 then
      break
    end
  end
  local accept_risk = risk / mass
  return p_true < accept_risk + STARTER_BONUS
end

function bot.reroll(view)
  start_decision(view)
  local p = strength_of(view.claim)
  local tables = risk_tables(view, p)
  local _, positions = best_rethrow(view.dice, tables, {})
  return positions
end

function bot.claim(view)
  start_decision(view)
  local p = strength_of(view.claim)
  local k = nil
  for n = #view.history, 1, -1 do
    local a = view.history[n]
    if a.action == "reroll" and a.seat == me then
      k = a.count
      break
    end
  end
  if view.claim == nil then
    k = nil
  end
  local truth, lie = claim_risks(view, p, k)
  local h = liar.strength(view.hand)
  -- Price every legal claim, then draw among the near-best.
  local best = math.huge
  local risk = {}
  for s = p + 1, NS do
    local r = (s <= h) and truth[s] or lie[s]
    risk[s] = r
    if r < best then
      best = r
    end
  end
  local choices = {}
  for s = p + 1, NS do
    if risk[s] <= best + CLAIM_SLACK then
      choices[#choices + 1] = s
    end
  end
  local s = choices[liar.random(#choices)]
  local claim = REP[s]
  if s == h then
    claim = view.hand
  end
  my_hands[#view.history + 1] = view.hand
  return claim
end

---------------------------------------------------------------------------
-- Learning from what everyone does
---------------------------------------------------------------------------

local log = nil -- this round's public actions, as a history

local function learn_round(reveal)
  if log == nil then
    return
  end
  local last_claim_at
  for n = 1, #log.history do
    if log.history[n].action == "claim" then
      last_claim_at = n
    end
  end
  replay(log, function(seat, by_style, c, p, before, n)
    local pl = player(seat)
    local lik = by_style
    if reveal and n == last_claim_at then
      -- the dice were shown: the exact likelihood of the claim
      local h = liar.strength(reveal)
      lik = { claim_likelihood(1, c, h, p), claim_likelihood(2, c, h, p), claim_likelihood(3, c, h, p) }
    end
    local st = pl.styles
    local total = 0
    for t = 1, 3 do
      st[t] = st[t] * (lik[t] + 1e-9)
      total = total + st[t]
    end
    for t = 1, 3 do
      st[t] = math.max(st[t] / total, 0.01)
    end
  end)
  -- every answer: accepted or challenged
  local h = log.history
  local p, k = 0, nil
  for n = 1, #h do
    local a = h[n]
    if a.action == "claim" then
      p = strength_of(a.claim)
      local nxt = h[n + 1]
      local responder, challenged
      if nxt and nxt.action == "accept" then
        responder, challenged = nxt.seat, false
      elseif nxt == nil and log.challenger then
        responder, challenged = log.challenger, true
      end
      if responder and responder ~= me then
        learn_answer(player(responder).rules, p, k, challenged)
      end
      k = nil
    elseif a.action == "reroll" then
      k = a.count
    end
  end
  log = nil
end

function bot.observe(event)
  local t = event.type
  if t == "round_start" then
    log = { history = {} }
  elseif t == "claim" or t == "accept" or t == "reroll" then
    if log then
      local h = log.history
      if t == "claim" then
        h[#h + 1] = { action = "claim", seat = event.seat, claim = event.claim }
      elseif t == "accept" then
        h[#h + 1] = { action = "accept", seat = event.seat }
      else
        h[#h + 1] = { action = "reroll", seat = event.seat, count = event.count }
      end
    end
  elseif t == "challenge" then
    if log then
      log.challenger = event.seat
      learn_round(event.hand)
    end
  elseif t == "penalty" then
    log = nil
  end
end

return bot
