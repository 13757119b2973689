"""One observation of the Duel read out in sentences: whose turn it is, what is being decided, what a response
window answers, how the game ended. The terminal screen and the web page both say these; neither draws here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dwarfhall.core.messages import Name

from .components import Ability, CardType
from .words import CardWords, face_text, msg, player_label

Cause = tuple[str, str | None]
"""What a response window answers: a message key and the card concerned (of the player answered)."""

Seen = tuple[Mapping[str, Any], Cause | None]
"""The last observation a viewer was shown and the cause it named, to tell what a later window answers."""


class Reading:
    """The sentences of one observation for its viewer; notes whether a reconstructed card was named."""

    def __init__(
        self,
        words: CardWords,
        obs: Mapping[str, Any],
        lang: str,
        previous: Seen | None = None,
        brief: bool = False,
    ) -> None:
        self.cards = words
        self.obs = obs
        self.lang = lang
        self.previous = previous
        self.brief = brief  # questions without their asides, for a screen where every row counts
        self.viewer: int | None = obs.get("viewer")
        self.any_marked = False
        self.cause: Cause | None = None

    def t(self, key: str, **fields: Any) -> str:
        return msg(key, self.lang, **fields)

    def side(self, seat: int) -> str:
        return str(self.obs["players"][seat]["side"])

    def name(self, key: str, seat: int) -> str:
        """A card of `seat`'s deck by its name on that side, with the reconstruction mark."""
        side = self.side(seat)
        self.any_marked |= self.cards.marked(self.cards.kind(key), side)
        return self.cards.name(key, side, self.lang)

    def noun(self, key: str, seat: int) -> Name:
        """The same as a Name, for a sentence that puts it in a grammatical case."""
        self.name(key, seat)
        return self.cards.noun(key, self.side(seat))

    def who(self, seat: int) -> str:
        return player_label(seat, self.viewer, self.lang)

    # -- the status line -------------------------------------------------------------------------
    def status(self, title: str | None = None) -> str:
        """Turn, phase, the player on turn and who decides; `title` is the game's name as drawn."""
        obs = self.obs
        phase = self.t(f"phase_{obs['phase']}")
        head = f"{self.t('title') if title is None else title} · "
        if obs["result"] is not None:
            return head + self.t("status_over", turn=obs["turn"], phase=phase)
        head += self.t("status", turn=obs["turn"], phase=phase, active=self.who(obs["active"]))
        to_act = obs["to_act"]
        decides = self.t("decides_you") if to_act == self.viewer else self.t("decides_other", player=self.who(to_act))
        return f"{head} — {decides}"

    # -- what is being decided -------------------------------------------------------------------
    def question(self) -> str:
        """What the player to act decides now (the game is not over)."""
        windows = self.obs["windows"]
        return self.window(windows[-1]) if windows else self.phase_question()

    def phase_question(self) -> str:
        obs = self.obs
        active = obs["active"]
        if active != self.viewer:
            return self.t("decides_other", player=self.who(active)) + "."
        phase = obs["phase"]
        if phase == "draw":
            extra = sum(1 for c in obs["players"][active]["display"] if self._ability(c["card"]) is Ability.EXTRA_DRAW)
            return self.t("ask_draw", n=1 + extra)
        if phase == "pre_roll":
            return self.t("ask_pre_roll", n=obs["dice_to_roll"])
        if phase == "reroll":
            return self.t("ask_reroll", n=obs["rerolls_left"])
        if phase == "effect" and obs["effect"]:
            return self.t("ask_effect", card=self.name(obs["effect"]["card"], active))
        question = self.t("ask_card")
        if not obs["used_a_die"] and obs["players"][active]["wild_cards"] < 3 and not self.brief:
            question += " " + self.t("ask_card_wild")
        return question

    def _ability(self, key: str) -> Ability:
        return self.cards.kind(key).ability

    def window(self, frame: Mapping[str, Any]) -> str:
        owner = frame["player"]
        if frame["kind"] == "cancel":
            return self.cancel_window(frame)
        self.cause = self.answered(owner, frame.get("answers"))
        cause = self.cause_text(self.cause, owner)
        if owner != self.viewer:
            return f"{cause}. {self.t('wait_answer', player=self.who(owner))}"
        return self.t("ask_answer", cause=cause)

    def cause_text(self, cause: Cause, owner: int) -> str:
        key, card = cause
        other = 1 - owner
        who = self.t("your_opponent") if owner == self.viewer else self.who(other)
        if key == "cause_rolled":
            dice = " ".join(f"[{face_text(d['face'], self.lang)}]" for d in self.obs["dice"])
            return self.t(key, who=who, dice=dice)
        return self.t(key, who=who, card=self.noun(card, other) if card else "")

    def cancel_window(self, frame: Mapping[str, Any]) -> str:
        damage = frame["damage"]
        owner, dealer = frame["player"], damage["dealer"]
        source = self.name(damage["source"], dealer) if damage["source"] else self.who(dealer)
        target = damage["target"]
        if owner != self.viewer:
            aimed = self.t("their_pile") if target.get("pile") else self._target_name(target, owner)
            return f"{source}: {self.t('wait_cancel', target=aimed, player=self.who(owner))}"
        if target.get("gone"):
            return self.t("ask_gone", source=source)
        if target.get("pile"):
            last = self.obs["players"][owner]["pile_size"] <= 1
            note = self.t("pile_last") if last else self.t("pile_top_goes")
            return f"{self.t('ask_cancel_pile', source=source)} {note}"
        card = self.obs["players"][owner]["display"][target["slot"]]
        left = card["health"] - card["damage"]
        note = self.t("would_defeat") if left <= 1 else self.t("would_hurt", left=left, health=card["health"])
        return f"{self.t('ask_cancel', source=source, target=self.noun(card['card'], owner))} {note}"

    def _target_name(self, target: Mapping[str, Any], owner: int) -> str | Name:
        if target.get("gone"):
            return "—"
        return self.noun(target["card"], owner)

    def answered(self, owner: int, answers: Mapping[str, Any] | None = None) -> Cause:
        """What the window's owner is answering: as the window says, else as far as the screen can tell."""
        obs = self.obs
        if answers:
            what, card = answers["what"], answers["card"]
            if what == "roll":
                return ("cause_rolled", None)
            if what == "end":
                return ("cause_ends", None) if obs["used_a_die"] else ("cause_ends_wild", None)
            if what == "card" and card:
                if obs["phase"] == "pre_roll" and owner != obs["active"]:
                    return ("cause_before_roll", card)
                return self._played(card)
        # a window from a scenario or an older save does not say: infer it from the screens seen
        other = 1 - owner
        pile = obs["players"][other]["discard"]
        if owner == obs["active"]:
            # the one not on turn only ever plays Twists of Fate, and a played one lies on their discard pile
            return self._played(pile[-1]) if pile else ("cause_acted", None)
        if obs["phase"] == "ending":
            return ("cause_ends", None) if obs["used_a_die"] else ("cause_ends_wild", None)
        if obs["phase"] == "pre_roll" and pile:
            return ("cause_before_roll", pile[-1])
        return self._answered_from_memory(other)

    def _answered_from_memory(self, other: int) -> Cause:
        obs = self.obs
        previous = self.previous
        if previous is not None and previous[0] == obs and previous[1]:
            return previous[1]  # the same screen again (the board command)
        player = obs["players"][other]
        same_turn = previous is not None and previous[0].get("turn") == obs["turn"]
        if same_turn and previous is not None:
            before = previous[0]["players"][other]
            if player["hand_size"] < before["hand_size"]:
                if len(player["display"]) > len(before["display"]):
                    return ("cause_plays", player["display"][-1]["card"])
                pile = player["discard"]
                if pile and self.cards.kind(pile[-1]).type in (CardType.EVENT, CardType.TWIST):
                    return self._played(pile[-1])
            elif previous[1]:
                return previous[1]  # nothing new from them: the same window goes on
        dice = obs["dice"]
        if dice and not any(d["used"] for d in dice) and not same_turn:
            return ("cause_rolled", None)
        if previous is None and player["display"] and any(d["used"] for d in dice):
            # a first screen: dice were spent on a card, quite likely the newest one in the display
            return ("cause_newest", player["display"][-1]["card"])
        return ("cause_acted", None)

    def _played(self, key: str) -> Cause:
        cancels = self.cards.kind(key).ability is Ability.CANCEL_DAMAGE
        return ("cause_cancels" if cancels else "cause_plays", key)

    # -- the end -----------------------------------------------------------------------------------
    def result(self) -> list[str]:
        """How the game ended: who won with what, and why it ended when a draw pile ran out."""
        result = self.obs["result"]
        vp0, vp1 = result["vp"]
        winner = result["winner"]
        if winner is None:
            head = self.t("result_draw", vp0=vp0, vp1=vp1)
        elif vp0 == vp1:
            head = self.t("result_tie_win", vp0=vp0, vp1=vp1, player=self.who(winner))
        else:
            won, lost = result["vp"][winner], result["vp"][1 - winner]
            head = self.t("result_win", won=won, lost=lost, player=self.who(winner))
        sentences = [head]
        emptied = next((p for p in (0, 1) if self.obs["players"][p]["pile_size"] == 0), None)
        reason = result["reason"]
        if emptied is not None and reason in ("pile_drawn", "pile_damaged"):
            sentences.append(self.t(f"reason_{reason}", player=self.who(emptied)))
        return sentences


__all__ = ["Cause", "Reading", "Seen"]
