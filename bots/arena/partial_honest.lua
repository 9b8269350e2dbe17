-- partial_honest.lua (arena): the honest player upstream.
--
-- It tells the truth the way people do: it names only the groups of its
-- hand ("a pair of kings", "two pairs, queens and nines") and leaves out
-- the odd dice, so its claim is the lowest hand with those groups and its
-- real hand is often a little higher. The next player can keep all five
-- dice and raise by a step or two truthfully. A bot that believes a claim
-- names the claimer's exact hand takes those raises for lies.

local bot = { api_version = 1, name = "partial_honest" }

-- The lowest hand with the same groups as `hand` (odd dice left out).
local function groups_only(hand)
  local counts = liar.counts(hand)
  local text = ""
  for _, f in ipairs(liar.faces) do
    if counts[f] >= 2 then
      text = text .. string.rep(f, counts[f])
    end
  end
  local cat = liar.category(hand)
  if text == "" or cat == "low-straight" or cat == "high-straight" then
    return hand
  end
  local h = liar.parse(text)
  if h == nil or liar.beats(h, hand) then
    return hand
  end
  return h
end

function bot.challenge(view)
  if liar.is_top(view.claim) then
    return true
  end
  local doubt = view.rerolled and 0.08 or 0.2
  return liar.chance("", view.claim) < doubt
end

function bot.reroll(view)
  if liar.beats(view.hand, view.claim) then
    return {}
  end
  local positions = liar.best_reroll(view.dice, liar.lowest_above(view.claim))
  return positions
end

function bot.claim(view)
  if liar.beats(view.hand, view.claim) then
    local short = groups_only(view.hand)
    if liar.beats(short, view.claim) then
      return short
    end
    return view.hand
  end
  return liar.lowest_above(view.claim)
end

return bot
