-- keepall_raiser.lua (arena): aimed at the expert's own habits.
--
-- It opens with a middling claim (two pairs or a low three of a kind,
-- whatever it holds, unless it holds more), and after accepting it keeps
-- all five dice and raises by the smallest step, true or not. It doubts
-- claims made without a re-throw that are above what was passed on, and
-- claims a fresh throw rarely reaches. Against a bot that credits a
-- claimer for dice kept, the keep-all lie is cheap; against one that
-- doubts every keep-all raise, the many true ones cost.

local bot = { api_version = 1, name = "keepall_raiser" }

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
  if view.rerolled == nil then
    return liar.chance("", view.claim) < 0.1
  end
  local before = claim_before(view)
  local kept = before and before:sub(1, 5 - view.rerolled) or ""
  local p = liar.chance(kept, view.claim)
  if view.rerolled == 0 then
    return p < 0.5
  end
  return p < 0.25
end

function bot.reroll(view)
  if liar.random() < 0.8 then
    return {} -- keep all five
  end
  return (liar.best_reroll(view.dice, liar.lowest_above(view.claim)))
end

-- Middling openings: two pairs to a low three of a kind.
local MIDDLING = { "TT99A", "JJ99A", "QQTTA", "KK99A", "KKJJA", "AA99K", "999AK", "TTTAK" }

function bot.claim(view)
  if view.claim == nil then
    local m = liar.parse(MIDDLING[liar.random(#MIDDLING)])
    if liar.beats(view.hand, m) then
      return view.hand
    end
    return m
  end
  local target = liar.lowest_above(view.claim)
  if liar.beats(view.hand, view.claim) and liar.beats(view.hand, target) and liar.random() < 0.3 then
    return view.hand
  end
  return target
end

return bot
