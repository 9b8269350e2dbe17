-- truth_tracker.lua (arena): answers each claimer by his record.
--
-- For every opponent it counts how many of his openings and how many of
-- his raises turned out true: from the dice shown at challenges, and from
-- the dice it receives after accepting his claim (which settle that claim
-- exactly). It challenges when the claimer's record for that kind of
-- claim, mixed with the odds of the claim, says "more likely a lie". It
-- claims like the statistician. Attacks a bot whose openings in some band
-- are mostly lies: those lies show in the dice it hands on.

local bot = { api_version = 1, name = "truth_tracker" }

local record = {} -- seat -> { open_true, open_n, raise_true, raise_n }
local cur = nil

local function rec(seat)
  local r = record[seat]
  if r == nil then
    r = { 0, 0, 0, 0 }
    record[seat] = r
  end
  return r
end

local function settle(seat, opening, was_true)
  local r = rec(seat)
  local i = opening and 1 or 3
  r[i + 1] = r[i + 1] + 1
  if was_true then
    r[i] = r[i] + 1
  end
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

function bot.challenge(view)
  if liar.is_top(view.claim) then
    return true
  end
  local odds
  if view.rerolled == nil then
    -- An opening of a hand a fresh throw reaches with chance f: believe it
    -- as much as f says, and the claimer's record says.
    odds = math.min(1, liar.chance("", view.claim) * 2)
  else
    local before = claim_before(view)
    local kept = before and before:sub(1, 5 - view.rerolled) or ""
    odds = liar.chance(kept, view.claim)
  end
  local r = rec(view.claimer)
  local i = view.rerolled == nil and 1 or 3
  local rate = (r[i] + 2 * odds) / (r[i + 1] + 2)
  return rate < 0.5
end

function bot.reroll(view)
  settle(view.claimer, view.rerolled == nil, liar.compare(view.hand, view.claim) >= 0)
  if liar.beats(view.hand, view.claim) then
    return {}
  end
  return (liar.best_reroll(view.dice, liar.lowest_above(view.claim)))
end

function bot.claim(view)
  if liar.beats(view.hand, view.claim) then
    return view.hand
  end
  return liar.lowest_above(view.claim)
end

function bot.observe(e)
  if e.type == "round_start" then
    cur = { rerolled = false }
  elseif e.type == "reroll" then
    if cur then
      cur.rerolled = true
    end
  elseif e.type == "claim" then
    if cur then
      cur.opening = not cur.rerolled
    end
  elseif e.type == "challenge" then
    settle(e.claimer, cur ~= nil and cur.opening, e.claim_true)
  end
end

return bot
