-- caller.lua (arena): a strong challenger that learns each claimer's
-- truth rate by kind of claim.
--
-- For every opponent and every kind of claim (opening, keep-all raise,
-- raise after a re-throw) it compares the odds it gave each settled claim
-- with whether it was true: from the dice shown at every challenge, and
-- from the dice it receives after accepting (they are the claimer's, so
-- they settle the claim it took). It scales its odds for that claimer and
-- kind by what it learned, and challenges when the result is below a
-- threshold drawn afresh for each answer (0.4-0.55). It claims the truth
-- when it can (often under-claiming by naming the smallest step), and
-- otherwise the smallest lie. Attacks a bot whose claims of some kind are
-- lies more often than the odds say (its openings in a "safe" band, its
-- raises without a re-throw).

local bot = { api_version = 1, name = "caller" }

local record = {} -- seat -> kind -> { settled, predicted sum, true sum }
local pending = nil -- the claim I accepted: { seat, kind, pred, claim }
local standing = {} -- the claim standing: { seat, kind, pred, claim }
local rerolled = nil

local function rec(seat, kind)
  record[seat] = record[seat] or {}
  local r = record[seat][kind]
  if r == nil then
    r = { 0, 0, 0 }
    record[seat][kind] = r
  end
  return r
end

local function settle(s, was_true)
  if s == nil or s.seat == nil then
    return
  end
  local r = rec(s.seat, s.kind)
  r[1] = r[1] + 1
  r[2] = r[2] + s.pred
  r[3] = r[3] + (was_true and 1 or 0)
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

local function odds(claim, before, k)
  if k == nil then
    return liar.chance("", claim)
  end
  if k == 0 then
    local a = liar.chance("", liar.lowest_above(before) or before)
    if a <= 0 then
      return 0
    end
    return math.min(1, liar.chance("", claim) / a)
  end
  return liar.chance(before and before:sub(1, 5 - k) or "", claim)
end

local function kind_of(k)
  if k == nil then
    return 1
  end
  return k == 0 and 2 or 3
end

function bot.observe(e)
  if e.type == "claim" then
    standing = { seat = e.seat, claim = e.claim, kind = kind_of(rerolled), k = rerolled }
    rerolled = nil
  elseif e.type == "reroll" then
    rerolled = e.count
  elseif e.type == "round_start" then
    standing, rerolled = {}, nil
  elseif e.type == "challenge" then
    if standing.pred then
      settle(standing, e.claim_true)
    end
  end
end

function bot.challenge(view)
  if liar.is_top(view.claim) then
    return true
  end
  local before = claim_before(view)
  local p = odds(view.claim, before, view.rerolled)
  local kind = kind_of(view.rerolled)
  standing.pred = p
  local r = rec(view.claimer, kind)
  -- Scale by how true his claims of this kind were against my odds.
  local scale = (r[3] + 2) / (r[2] + 2)
  local q = math.min(1, p * scale)
  local challenge = q < 0.4 + 0.15 * liar.random()
  if not challenge then
    pending = { seat = view.claimer, kind = kind, pred = p, claim = view.claim }
  end
  return challenge
end

function bot.reroll(view)
  if pending then
    settle(pending, not liar.beats(pending.claim, view.hand))
    pending = nil
  end
  local target = liar.lowest_above(view.claim)
  if target == nil or not liar.beats(target, view.hand) then
    return {}
  end
  return (liar.best_reroll(view.dice, target))
end

function bot.claim(view)
  if view.claim == nil then
    if liar.category(view.hand) == "bust" and liar.random() < 0.3 then
      return liar.nth_above(view.hand, liar.random(12)) or view.hand
    end
    return view.hand
  end
  if liar.beats(view.hand, view.claim) then
    if liar.random() < 0.5 then
      return liar.lowest_above(view.claim)
    end
    return view.hand
  end
  return liar.lowest_above(view.claim)
end

return bot
