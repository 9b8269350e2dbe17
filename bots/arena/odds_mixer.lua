-- odds_mixer.lua (arena): mixes challenges and bluffs by the exact odds.
--
-- It estimates the chance that a claim is true from the claim before and
-- the re-throw count (the claimer kept 5 - k dice of the hand claimed
-- before), and challenges with a probability that rises smoothly as that
-- chance falls, so no fixed threshold can be learned. It bluffs at the
-- rate that makes a challenger indifferent: with a hand that cannot beat
-- the claim it either lies just above, or jumps to a bolder lie a third
-- of the time. Attacks any fixed threshold in the bot facing it.

local bot = { api_version = 1, name = "odds_mixer" }

local function claim_before(view)
  local last, before = nil, nil
  for _, a in ipairs(view.history) do
    if a.action == "claim" then
      before, last = last, a.claim
    end
  end
  return before
end

local function p_true(view)
  if view.rerolled == nil then
    return liar.chance("", view.claim)
  end
  local before = claim_before(view)
  local kept = before and before:sub(1, 5 - view.rerolled) or ""
  return liar.chance(kept, view.claim)
end

function bot.challenge(view)
  if liar.is_top(view.claim) then
    return true
  end
  local p = p_true(view)
  -- Challenge with probability falling from 1 (p = 0.1) to 0 (p = 0.6).
  local x = (0.6 - p) / 0.5
  if x <= 0 then
    return false
  elseif x >= 1 then
    return true
  end
  return liar.random() < x
end

function bot.reroll(view)
  local target = liar.lowest_above(view.claim)
  if liar.beats(view.hand, view.claim) and liar.random() < 0.7 then
    return {}
  end
  return (liar.best_reroll(view.dice, target))
end

function bot.claim(view)
  if liar.beats(view.hand, view.claim) then
    -- Truth, sometimes shaded up by a step or two (a small bluff).
    if liar.random() < 0.25 then
      local up = liar.nth_above(view.hand, liar.random(3))
      if up then
        return up
      end
    end
    return view.hand
  end
  if liar.random() < 0.33 then
    local up = liar.nth_above(view.claim, 2 + liar.random(6))
    if up then
      return up
    end
  end
  return liar.lowest_above(view.claim)
end

return bot
