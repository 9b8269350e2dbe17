-- sandbagger.lua (arena): under-claims strong hands, then springs the trap
-- with the dice it passed on.
--
-- It names far less than it holds (a strong hand is opened as the lowest
-- hand of a lower category, and raises are the smallest step whenever the
-- hand beats it), so the next player takes strong dice cheaply and is
-- tempted to claim big from them. It remembers every hand it passed: when
-- it answers a claim made on its own dice it knows exactly whether a
-- keep-all raise is true and how far a re-throw can get, and challenges
-- the claims those dice do not support. Otherwise it keeps a hand that
-- beats the claim and doubts raises the kept dice of the claim before
-- rarely reach. Attacks beliefs that tie a claim to the claimer's hand,
-- and claims made from dice received without thinking whose they were.

local bot = { api_version = 1, name = "sandbagger" }

local passed = {}

local function key(view, pos)
  return view.game .. "/" .. view.round .. "/" .. pos
end

local function claim_before(view)
  local last, before, at, seat_b = nil, nil, nil, nil
  local last_at, last_seat = nil, nil
  for i, a in ipairs(view.history) do
    if a.action == "claim" then
      before, at, seat_b = last, last_at, last_seat
      last, last_at, last_seat = a.claim, i, a.seat
    end
  end
  return before, at, seat_b
end

local function best_keep(hand, k, target)
  local best = 0
  for mask = 0, 31 do
    local n, kept = 0, ""
    for j = 1, 5 do
      if mask & (1 << (j - 1)) ~= 0 then
        n = n + 1
      else
        kept = kept .. hand:sub(j, j)
      end
    end
    if n == k then
      local p = liar.chance(kept, target)
      if p > best then
        best = p
      end
    end
  end
  return best
end

local function floor_of(cat)
  local h = liar.lowest_above(nil)
  while h and liar.category(h) ~= cat do
    h = liar.lowest_above(h)
  end
  return h
end

function bot.challenge(view)
  if liar.is_top(view.claim) then
    return true
  end
  local c = view.claim
  if view.rerolled == nil then
    return liar.chance("", c) < 0.12
  end
  local k = view.rerolled
  local before, at, seat_b = claim_before(view)
  local mine = at and seat_b == view.seat and passed[key(view, at)]
  if mine then
    if k == 0 then
      return liar.beats(c, mine)
    end
    return best_keep(mine, k, c) < 0.3
  end
  local kept = before and before:sub(1, 5 - k) or ""
  if k == 0 then
    return false -- a keep-all raise: he held more than was claimed
  end
  return liar.chance(kept, c) < 0.2
end

function bot.reroll(view)
  local target = liar.lowest_above(view.claim)
  if target == nil or not liar.beats(target, view.hand) then
    return {}
  end
  return (liar.best_reroll(view.dice, target))
end

function bot.claim(view)
  passed[key(view, #view.history + 1)] = view.hand
  if view.claim == nil then
    local cats = liar.categories()
    local cat = liar.category(view.hand)
    local at = 1
    for i, x in ipairs(cats) do
      if x == cat then
        at = i
      end
    end
    -- Two categories down for strong hands, one for middling ones.
    local down = at >= 4 and 2 or (at >= 2 and 1 or 0)
    return floor_of(cats[at - down]) or view.hand
  end
  return liar.lowest_above(view.claim)
end

return bot
