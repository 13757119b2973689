"""A review as lines of text for the terminal (texts from coach_messages.toml)."""

from __future__ import annotations

from collections.abc import Callable

from dwarfhall.agents.review import INACCURACY, Review

from .coach_texts import CoachTexts, percent

Label = Callable[[int, int], str]  # (move index, action id) -> the move's label


Line = tuple[str, str]  # text and the console style it is painted in ("" for none)


def review_lines(review: Review, title: str, label: Label, texts: CoachTexts, hints: list[int]) -> list[Line]:
    """Header, one line per decision (a marked one in the error style), the summary and the turning points."""
    tx = texts
    player = tx.player(review.seat)
    heading = tx("review_title", player=player, title=title, decisions=len(review.decisions), iters=review.iters)
    lines: list[Line] = [(heading, "title")]
    if hints:
        lines.append((tx("review_hints_used", players=", ".join(tx.player(s) for s in hints)), ""))
    if not review.decisions:
        lines.append((tx("review_no_decisions", player=player), ""))
        return lines
    lines += [("", ""), (tx("review_columns"), "dim")]
    for d in review.decisions:
        made = label(d.move, d.played.action)
        if d.played.action == d.best.action:
            text = tx("review_same", label=made)
        else:
            best = label(d.move, d.best.action)
            text = tx(
                "review_other",
                label=made,
                chance=percent(d.played.chance),
                best=best,
                best_chance=percent(d.best.chance),
            )
        if d.mark is not None:
            text += "  [" + tx("review_mark", mark=tx("mark_" + d.mark), points=round(d.drop * 100)) + "]"
        lines.append((f"{d.move + 1:>4}. {percent(d.before):>5}  {text}", "error" if d.mark else ""))
    lines.append(("", ""))
    summary = tx(
        "review_summary",
        accuracy=round(review.accuracy or 0.0),
        blunders=review.count("blunder"),
        mistakes=review.count("mistake"),
        inaccuracies=review.count("inaccuracy"),
    )
    lines.append((summary, "title"))
    points = review.turning_points()
    if points:
        lines.append((tx("review_turning_title"), ""))
        for tp in points:
            d = tp.decision
            change = tx(
                "review_turning",
                move=d.move + 1,
                before=percent(d.before),
                after=percent(d.before + tp.swing),
                label=label(d.move, d.played.action),
            )
            lines.append(("  " + change, ""))
    if review.result is None:
        lines.append((tx("review_unfinished"), ""))
    else:
        key = "review_won" if review.result >= 1.0 else "review_lost" if review.result <= 0.0 else "review_shared"
        lines.append((tx(key, player=player), "good"))
    lines.append((tx("review_how_sure", points=round(INACCURACY * 100)), "dim"))
    return lines
