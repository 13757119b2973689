"""Game-agnostic players: each sees only a PlayerView (observation + determinizer)."""

from .base import Agent, AgentSpecError, agent_names, check_spec, make_agent, parse_spec
from .runner import play_game

__all__ = ["Agent", "AgentSpecError", "agent_names", "check_spec", "make_agent", "parse_spec", "play_game"]
