"""The HTTP API's request and answer bodies (they make its OpenAPI schema)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, Field

from dwarfhall.core.i18n import languages

Token = Annotated[str, Field(min_length=8, max_length=64, description="a secret seat token from an invitation link")]


def _known_language(lang: str) -> str:
    if lang not in languages():
        raise ValueError(f"unknown language {lang!r}; known: {', '.join(languages())}")
    return lang


Lang = Annotated[str, AfterValidator(_known_language)]


class SeatIn(BaseModel):
    kind: Literal["person", "bot"]
    bot: str | None = Field(None, max_length=200, description="a level (easy, normal, hard) or an agent spec")
    open: bool = Field(
        False, description="a person seat anyone may join from the lobby; otherwise it waits for its invitation link"
    )
    host: bool = Field(False, description="the creator's own seat (a person's); none marked: the first person seat")


class CreateGame(BaseModel):
    game: str = Field(max_length=32)
    options: dict[str, Any] = Field(default_factory=dict)
    lang: Lang = "en"
    seats: list[SeatIn] = Field(min_length=1, max_length=8)
    public: bool = True
    clock: int | None = Field(None, description="seconds per move for people; a bot stands in when it runs out")
    player: str | None = Field(None, max_length=64, description="the creator's personal key (my games)")


class SeatLink(BaseModel):
    seat: int
    kind: str
    bot: str | None
    token: str | None = Field(description="the seat's secret; people's seats only")


class Created(BaseModel):
    id: str
    token: str = Field(description="the host's own seat token")
    seats: list[SeatLink]


class MoveIn(BaseModel):
    token: Token
    action: int = Field(ge=0, le=2**31)
    version: int = Field(ge=0, le=2**31, description="the move number the client saw when it chose")


class Moved(BaseModel):
    version: int


class TokenIn(BaseModel):
    token: Token


class AutoPassIn(BaseModel):
    token: Token
    on: bool


class ClaimIn(BaseModel):
    token: Token
    player: str = Field(min_length=8, max_length=64)


class JoinIn(BaseModel):
    player: str | None = Field(None, min_length=8, max_length=64)


class Joined(BaseModel):
    seat: int
    token: str


class Rematched(BaseModel):
    id: str
    seat: int
    token: str


class BotIn(BaseModel):
    token: Token
    bot: str = Field("normal", max_length=200, description="a built-in level: easy, normal or hard")


class Player(BaseModel):
    key: str


class Problem(BaseModel):
    error: str
    code: str
