-- learner.lua (arena): learns each opponent and claims what the next
-- player challenges least.
--
-- It keeps, for every opponent, how often his claims were true (from the
-- dice shown at challenges, and from the dice it receives after accepting
-- his claim, which settle whether that claim was true) and how often he
-- challenges claims of each strength (openings and raises apart). It
-- believes a claim by mixing the odds with the claimer's truth rate, and
-- when it must claim it picks, among the truth and a few lies, the claim
-- the next player is least likely to challenge. Attacks a bot whose
-- answers follow a fixed threshold and that does not learn from what it
-- receives.

local bot = { api_version = 1, name = "learner" }

local truth = {} -- seat -> { true claims, resolved claims }
local doubts = {} -- seat -> bucket -> { challenged, answered }
local cur = nil -- the claim standing: { seat, claim, opening }
local rerolled_since = false

local function bucket(claim, opening)
  local f = liar.chance("", claim)
  local b = 1
  if f > 0.05 then b = 2 end
  if f > 0.15 then b = 3 end
  if f > 0.3 then b = 4 end
  if f > 0.5 then b = 5 end
  return (opening and 0 or 5) + b
end

local function truth_rate(seat)
  local t = truth[seat] or { 0, 0 }
  return (t[1] + 1.4) / (t[2] + 2)
end

local function record_truth(seat, was_true)
  local t = truth[seat] or { 0, 0 }
  t[2] = t[2] + 1
  if was_true then
    t[1] = t[1] + 1
  end
  truth[seat] = t
end

local function doubt_rate(seat, b)
  local d = (doubts[seat] or {})[b] or { 0, 0 }
  -- Prior: challenges improbable claims, believes likely ones.
  local prior = b % 5 == 1 and 0.6 or (b % 5 == 2 and 0.35 or 0.15)
  return (d[1] + 2 * prior) / (d[2] + 2)
end

local function record_answer(seat, b, challenged)
  doubts[seat] = doubts[seat] or {}
  local d = doubts[seat][b] or { 0, 0 }
  d[2] = d[2] + 1
  if challenged then
    d[1] = d[1] + 1
  end
  doubts[seat][b] = d
end

local function claim_before(view)
  local last, before = nil, nil
  for _, a in ipairs(view.history) do
    if a.action == "claim" then
      before, last = last, a.claim
    end
  end
  return before
end

local function next_seat(view)
  local order, n = view.order, #view.order
  local pos = 1
  for i = 1, n do
    if order[i] == view.seat then
      pos = i
    end
  end
  for step = 1, n - 1 do
    local s = order[(pos + step - 1) % n + 1]
    if view.chips[s] > 0 then
      return s
    end
  end
  return view.seat
end

function bot.challenge(view)
  if liar.is_top(view.claim) then
    return true
  end
  local p
  if view.rerolled == nil then
    p = liar.chance("", view.claim)
  else
    local before = claim_before(view)
    local kept = before and before:sub(1, 5 - view.rerolled) or ""
    p = liar.chance(kept, view.claim)
  end
  local t = truth_rate(view.claimer)
  local n = (truth[view.claimer] or { 0, 0 })[2]
  local w = n / (n + 4)
  p = (1 - w) * p + w * t
  return p < 0.45
end

function bot.reroll(view)
  -- The dice received are the claimer's: his claim was true or not.
  record_truth(view.claimer, liar.compare(view.hand, view.claim) >= 0)
  if liar.beats(view.hand, view.claim) then
    return {}
  end
  return (liar.best_reroll(view.dice, liar.lowest_above(view.claim)))
end

function bot.claim(view)
  local nxt = next_seat(view)
  local opening = view.claim == nil
  local best, best_risk = nil, math.huge
  local function consider(c, is_lie)
    if c == nil then
      return
    end
    local q = doubt_rate(nxt, bucket(c, opening))
    -- A lie costs when challenged; a truth costs a little when accepted
    -- (the round may come back), more the higher it is.
    local risk = is_lie and q or (1 - q) * 0.3
    if risk < best_risk then
      best, best_risk = c, risk
    end
  end
  if liar.beats(view.hand, view.claim) then
    consider(view.hand, false)
  end
  local base = view.claim
  if liar.beats(view.hand, view.claim) then
    base = view.hand
  end
  for n = 1, 12 do
    consider(liar.nth_above(base, n), true)
  end
  if best == nil then
    best = liar.lowest_above(view.claim)
  end
  return best
end

function bot.observe(e)
  if e.type == "round_start" then
    cur, rerolled_since = nil, false
  elseif e.type == "reroll" then
    rerolled_since = true
  elseif e.type == "claim" then
    cur = { seat = e.seat, claim = e.claim, opening = not rerolled_since }
  elseif e.type == "accept" then
    if cur and not liar.is_top(cur.claim) then
      record_answer(e.seat, bucket(cur.claim, cur.opening), false)
    end
  elseif e.type == "challenge" then
    if cur then
      record_answer(e.seat, bucket(cur.claim, cur.opening), true)
    end
    record_truth(e.claimer, e.claim_true)
  end
end

return bot
