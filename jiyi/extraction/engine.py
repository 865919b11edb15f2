"""A turn in, typed events out: the rule table first, the residue stage for what it misses.

Pure and deterministic: the same turn always yields the same events with the same ids, so a
replayed turn log upserts instead of duplicating. The raw text never leaves this module inside
an event: only a summary of at most 50 characters, three keywords and the text's hash.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Protocol

from jiyi import places, vocabulary
from jiyi.domain import (
    LOW_VALUE_EVENT_TYPES,
    SUPERSEDES,
    WHOLE_TURN_RULE,
    EntityKind,
    Event,
    EventAttr,
    EventType,
    ExtractionSource,
    RelationKind,
    Role,
    Turn,
    event_id_for,
    text_hash,
)
from jiyi.domain.events import MAX_KEYWORDS, SUMMARY_MAX_CHARS
from jiyi.domain.turns import DEFAULT_MAX_CONTENT_BYTES
from jiyi.extraction.learned import SpanReader, complement, is_learned, learned_matches
from jiyi.extraction.prefilter import Prefilter, required_literals
from jiyi.extraction.reading import currency, read_claim, read_confidence
from jiyi.extraction.rules import Rule, RuleMatch, answers, rules_for
from jiyi.extraction.rules.answers import Asked
from jiyi.extraction.rules.emotions import zh_feeling_name
from jiyi.extraction.rules.especially import singled_out
from jiyi.extraction.rules.goals import goal_name
from jiyi.extraction.rules.preferences import ZH_PASTIME_VERB, liked_as_interest
from jiyi.extraction.rules.understanding import concept_name, without_field
from jiyi.extraction.validation import check_content
from jiyi.text import has_han, split_sentences, tokenize

MAX_EVENTS_PER_TURN = 8
#: Objects the vocabulary names ("pictures" → "visual diagrams"): what is learned and how.
_NAMED_BY_VOCABULARY = frozenset({EntityKind.CONCEPT, EntityKind.TOPIC, EntityKind.STYLE})

_QUOTES = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "＇": "'"})
_SPACES = re.compile(r"[ \t\u00a0\u3000]+")
_LATIN = re.compile(r"[A-Za-z]")
_DIGIT = re.compile(r"\d")
_BOTH = frozenset({"zh", "en"})


class ResidueStage(Protocol):
    """What handles the user turns no rule covers: the local classifier or an LLM extractor.
    One event per turn, in order; the turns come together so a model reads them as a batch."""

    def extract_all(self, turns: Sequence[Turn]) -> list[Event]: ...


def normalise(text: str) -> str:
    """NFKC (full-width ASCII and punctuation to half-width), straight quotes, single spaces."""
    return _SPACES.sub(" ", unicodedata.normalize("NFKC", text).translate(_QUOTES)).strip()


#: A negation typed without its apostrophe ("i dont like coding", "cant stand it"): the rules
#: read "don't", as a careful reader does.
_EN_BARE_NEGATION = re.compile(
    r"\b(do|does|did|is|are|was|were|have|has|had|could|would|should|must|ca)nt\b", re.IGNORECASE
)


#: "im" typed for "I'm" ("tbh im bored"): every "I'm" rule reads it.
_EN_BARE_IM = re.compile(r"\b[iI]m\b(?=\s+[a-z])")


def with_apostrophes(text: str) -> str:
    """English apostrophes back: "dont" → "don't", "cant" → "can't", "im" → "I'm"."""
    return _EN_BARE_IM.sub("I'm", _EN_BARE_NEGATION.sub(r"\1n't", text))


def prepare(text: str) -> str:
    """Text as every reader of it sees it: normalised, with its English apostrophes back and
    the northern 俺 read as the 我 it means ("俺今年九岁了"), so no rule spells out both."""
    return with_apostrophes(normalise(text)).replace("俺", "我")


def summarise(text: str, start: int = 0) -> str:
    """At most 50 characters: the whole text when it fits, else from `start` with an ellipsis."""
    flat = " ".join(text.split())
    if len(flat) <= SUMMARY_MAX_CHARS:
        return flat
    tail = " ".join(text[start:].split()) or flat
    return tail if len(tail) <= SUMMARY_MAX_CHARS else tail[: SUMMARY_MAX_CHARS - 1] + "…"


def _informative(token: str) -> bool:
    if has_han(token):
        return len(token) >= 2
    return len(token) >= 3 and not token.isdigit()


def keywords_for(text: str, first: Iterable[str] = ()) -> list[str]:
    """Three keywords: tokens of `first` (the object, the value), then the text's own words."""
    chosen: list[str] = []
    for priority in first:
        chosen.extend(tokenize(priority))
    chosen.extend(t for t in tokenize(text) if _informative(t))
    return list(dict.fromkeys(chosen))[:MAX_KEYWORDS]


def build_event(
    turn: Turn,
    event_type: EventType,
    *,
    source: ExtractionSource,
    confidence: float,
    summary: str,
    keywords: Sequence[str],
    attributes: dict[str, str] | None = None,
    rule: str | None = None,
    discriminator: str = "",
) -> Event:
    """The one place an `Event` is made from a turn, whichever stage classified it; an event
    from another speaker's turn (the assistant's) says so, for recall to tell them apart."""
    attributes = dict(attributes or {})
    if turn.role is not Role.USER:
        attributes[EventAttr.SPEAKER.value] = turn.role.value
    return Event(
        event_id=event_id_for(turn.user_id, turn.turn_id, event_type, discriminator),
        user_id=turn.user_id,
        session_id=turn.session_id,
        turn_id=turn.turn_id,
        ts=turn.client_ts,
        event_type=event_type,
        keywords=list(keywords)[:MAX_KEYWORDS],
        summary=summary[:SUMMARY_MAX_CHARS],
        raw_hash=text_hash(turn.content),
        confidence=round(min(max(confidence, 0.0), 1.0), 4),
        source=source,
        rule=rule,
        attributes=attributes,
    )


@dataclass(frozen=True, slots=True)
class _Candidate:
    """One rule match placed in its sentence, before de-duplication."""

    match: RuleMatch
    object: str | None
    sentence: str
    start: int
    order: int

    @property
    def rule(self) -> Rule:
        return self.match.rule

    @property
    def key(self) -> tuple[EventType, str]:
        subject = self.object or self.match.value or ""
        return self.rule.event_type, subject.lower()


def _line_at(text: str, position: int) -> tuple[str, int]:
    """The line holding the match's first visible character, and the offset into it: a match may
    start on the blank line before its text (`^\\s*`), whose line would make an empty summary."""
    while position < len(text) and text[position].isspace():
        position += 1
    begin = text.rfind("\n", 0, position) + 1
    end = text.find("\n", position)
    return text[begin : end if end >= 0 else len(text)], position - begin


def _readable_by(text: str) -> frozenset[str]:
    """The rule languages worth trying on `text`: zh rules need Han, en rules Latin letters,
    and a number said alone ("12", the answer to "how old are you?") is either's."""
    langs = frozenset(
        lang for lang, present in (("zh", has_han(text)), ("en", _LATIN.search(text))) if present
    )
    return langs or (_BOTH if _DIGIT.search(text) else langs)


_LANGUAGE_SETS = [frozenset(c) for c in ((), ("zh",), ("en",), ("zh", "en"))]


def _required_literals(rule: Rule) -> frozenset[str] | None:
    """Strings one of which a text must hold for the rule to match: read off its trigger, the
    screen written for it, else its pattern (the long patterns cost most to read)."""
    return required_literals(rule.trigger or rule.pattern)


@dataclass(frozen=True)
class _RuleTable:
    """Rules sorted once by scope and by the languages a text must be readable in, each list
    behind a prefilter: most rules match nothing, so per turn the cost is mostly in choosing
    which ones to try."""

    sentence: dict[frozenset[str], Prefilter[Rule]]
    whole_text: dict[frozenset[str], Prefilter[Rule]]

    @classmethod
    def of(cls, rules: Sequence[Rule]) -> _RuleTable:
        screened = [(r, _required_literals(r)) for r in rules]

        def split(whole: bool) -> dict[frozenset[str], Prefilter[Rule]]:
            return {
                langs: Prefilter(
                    [
                        (r, needs)
                        for r, needs in screened
                        if r.whole_text is whole and r.lang in langs
                    ]
                )
                for langs in _LANGUAGE_SETS
            }

        return cls(sentence=split(False), whole_text=split(True))


@cache
def _table_for(role: Role) -> _RuleTable:
    return _RuleTable.of(rules_for(role))


@lru_cache(maxsize=8)
def _table_of(rules: tuple[Rule, ...]) -> _RuleTable:
    """A caller's own rules, sorted once: reading their patterns costs far more than a turn."""
    return _RuleTable.of(rules)


def _hits(rules: Prefilter[Rule], text: str) -> Iterator[RuleMatch]:
    """Matches of the rules whose pattern occurs in `text`: one scan for the strings each
    needs screens out most, a C-level search of its trigger and pattern the rest."""
    for rule in rules.select(text):
        if (rule.trigger is None or rule.trigger.search(text)) and rule.pattern.search(text):
            yield from rule.matches(text)


#: A Latin term typed with a space before the Chinese that says something of it ("merge 你已经
#: 掌握了", "groupby 还是晕", "TCA 循环"): one clause to a Chinese reader, as if typed without it.
#: Not after a number, which often ends its clause ("我14 在读初三", "380+ 我还是改报…").
_LATIN_SPACE_HAN = re.compile(r"(?<=[A-Za-z])[ ]+(?=[\u4e00-\u9fff])")


def _as_read_in(lang: str, sentence: str) -> str:
    """The sentence as the rules of `lang` read it: Chinese rules without the space above."""
    return _LATIN_SPACE_HAN.sub("", sentence) if lang == "zh" else sentence


def _candidates(text: str, table: _RuleTable, reader: SpanReader | None) -> list[_Candidate]:
    """Every rule match, sentence by sentence, and the `reader`'s claims no rule read."""
    found: list[_Candidate] = []
    for index, sentence in enumerate(split_sentences(text)):
        readable = _readable_by(sentence)
        ruled: list[RuleMatch] = []
        for lang in sorted(readable, reverse=True):  # zh, then en: the table's order is by rule
            read = _as_read_in(lang, sentence)
            for match in _hits(table.sentence[frozenset({lang})], read):
                ruled.append(match)
                for obj in match.objects or (None,):
                    found.append(_Candidate(match, obj, read, match.start, index))
        if reader is not None:
            for match in complement(ruled, learned_matches(reader, sentence)):
                for obj in match.objects or (None,):
                    found.append(_Candidate(match, obj, sentence, match.start, index))
        found.extend(_singled_out(sentence, index, readable, found))
    for match in _hits(table.whole_text[_readable_by(text)], text):
        line, start = _line_at(text, match.start)
        for obj in match.objects or (None,):
            found.append(_Candidate(match, obj, line, start, -1))
    return found


def _singled_out(
    sentence: str, index: int, readable: frozenset[str], found: list[_Candidate]
) -> list[_Candidate]:
    """The claim before "especially X" / "尤其是X" said of X too ("architecture, especially
    brutalism"): the sentence's last claim with an object before the phrase, else, when the
    phrase opens its sentence ("Lifetimes especially."), the previous sentence's last."""
    copies = []
    for lang in sorted(readable, reverse=True):  # zh, then en, as the rules are tried
        said = singled_out(_as_read_in(lang, sentence), lang)
        if said is None:
            continue
        at, part = said
        named = [c for c in found if c.object and c.rule.lang == lang]
        before = [c for c in named if c.order == index and c.start < at]
        if not before and at == 0:
            before = [c for c in named if c.order == index - 1]
        if before and part.casefold() != (before[-1].object or "").casefold():
            anchor = before[-1]
            copies.append(_Candidate(anchor.match, part, anchor.sentence, anchor.start, index))
    return copies


def _claim_kind(cand: _Candidate) -> tuple[EventType, RelationKind | None, str | None]:
    """What a corrected value replaces in its turn: values of its type, relation and polarity
    (a corrected role leaves the turn's school year, and the role it denies, alone)."""
    rule = cand.rule
    return rule.event_type, rule.relation, rule.polarity


def _within(style: _Candidate, liking: _Candidate) -> bool:
    """Whether a way of learning was said in the same sentence as a liking, inside what is
    liked ("动画" in "我喜欢用动画学数学"): one statement, said once."""
    return style.order == liking.order and (style.object or "") in (liking.object or "")


def _deduplicate(candidates: list[_Candidate]) -> list[_Candidate]:
    """One candidate per (type, object): the most confident, earliest; bare ones yield to named,
    a liking yields to a learning style found in the same sentence, and a value corrected in
    the same turn ("im a junior, wait no senior") replaces the others of its kind."""
    best: dict[tuple[EventType, str], _Candidate] = {}
    for cand in sorted(candidates, key=lambda c: (-c.rule.confidence, c.order)):
        best.setdefault(cand.key, cand)
    corrected = {_claim_kind(c) for c in best.values() if c.rule.corrects}
    best = {
        key: c
        for key, c in best.items()
        if c.rule.corrects or _claim_kind(c) not in corrected  # "34 yo … wait 43": the age is 43
    }
    named_types = {key[0] for key in best if key[1]}
    styled = [c for c in best.values() if c.rule.event_type is EventType.LEARNING_STYLE]
    kept = [
        c
        for key, c in best.items()
        if (key[1] or key[0] not in named_types)
        # "I like learning with videos" is a learning style, not also a liking of "videos"
        and not (key[0] is EventType.PREFERENCE and any(_within(s, c) for s in styled))
    ]
    # a sentence's claims in the order it says they hold: "grew up in Leeds, live in Bristol now"
    # writes Bristol last, so of two values of a single-valued relation the current one holds
    kept.sort(key=lambda c: (c.order, currency(c.sentence, c.start), -c.rule.confidence))
    return kept[:MAX_EVENTS_PER_TURN]


#: Claims a way of being taught may be named in: which relation holds it is `_style_relation`'s.
_WAYS_OF_BEING_TAUGHT = frozenset({EventType.PREFERENCE, EventType.LEARNING_STYLE})


def _vocabulary_kind(name: str | None) -> EntityKind | None:
    entry = vocabulary.lookup(name) if name else None
    return entry.kind if entry is not None else None


def _style_relation(entry: vocabulary.Entry) -> RelationKind:
    """The one relation a way of being taught is held in, whatever frame said it
    (`data/belief_scenarios/README.md`): a format of the tutor's replies or sessions is a
    preference ("bullets pls" and "I learn best with bullet points" alike), a way the learner
    takes things in a learning style ("draw it" and "I'm a visual person" alike)."""
    return RelationKind.PREFERS if entry.is_format else RelationKind.LEARNING_STYLE


#: Relations a rule may name that still leave a known way of being taught to `_style_relation`.
_OPEN_TO_STYLE = frozenset({None, RelationKind.PREFERS, RelationKind.LEARNING_STYLE})


def _liking(rule: Rule) -> bool:
    """A liking whose rule leaves the relation to what is liked ("我超爱X", "I love X")."""
    return rule.event_type is EventType.PREFERENCE and rule.relation is None


def _of_interest(rule: Rule) -> bool:
    """A liking, or a claim of interest: what is done for pastime is the interest ("听京剧")."""
    return _liking(rule) or (
        rule.event_type is EventType.PREFERENCE and rule.relation is RelationKind.INTERESTED_IN
    )


def _relation_named(rule: Rule, name: str | None) -> tuple[RelationKind, EntityKind] | None:
    """The relation and object kind a liking or a way of learning names by its object: a known
    way of being taught by `_style_relation` ("还是用视频吧" as much as "我喜欢看视频"), a liked
    subject an interest where the rule names no relation ("我更喜欢物理"), and so any other
    thing liked that is no way of learning ("I love Roman history")."""
    entry = vocabulary.lookup(name) if name else None
    if entry is None and name and _liking(rule) and liked_as_interest(name, rule.lang):
        return RelationKind.INTERESTED_IN, EntityKind.TOPIC  # "超爱二战史": a thing, not a way
    if entry is None or rule.event_type not in _WAYS_OF_BEING_TAUGHT:
        return None
    if entry.kind is EntityKind.STYLE and rule.relation in _OPEN_TO_STYLE:
        return _style_relation(entry), EntityKind.STYLE
    liking = rule.event_type is EventType.PREFERENCE and rule.relation is None
    if liking and entry.kind is EntityKind.TOPIC:
        return RelationKind.INTERESTED_IN, EntityKind.TOPIC
    return None


#: Heads that name a relation between what comes before them, not a thing of their own.
_RELATIONAL_HEADS = frozenset({"区别", "不同", "差别", "差异", "关系", "联系", "异同"})


#: Languages named by their writing ("英文语法"), beside those named by their speech ("俄语").
_ZH_LANGUAGES_IN_WRITING = frozenset({"英文", "中文", "日文", "法文", "德文", "韩文", "俄文"})


def _head(name: str, lang: str) -> str:
    """What a Chinese phrase names: the head of "X的Y" ("那种好看的图表" → "图表"), without a
    subject in front ("物理电磁感应" → "电磁感应")."""
    if lang != "zh" or vocabulary.lookup(name) is not None:
        return name  # a known name is whole: "化学平衡" is not "平衡", "圆的方程" not "方程"
    if "的" in name and len(head := name.rsplit("的", 1)[1].strip()) >= 2:
        # "加速度和速度的区别" is about the pair compared, not about "区别"
        name = name.rsplit("的", 1)[0].strip() if head in _RELATIONAL_HEADS else head
    for size in range(2, min(5, len(name) - 1)):
        subject = vocabulary.lookup(name[:size])
        # "心理学例子" stays whole: a subject before a way of being taught says which examples;
        # so does "俄语变格": a language's grammar or sounds are that language's
        language = name[:size].endswith("语") or name[:size] in _ZH_LANGUAGES_IN_WRITING
        if subject is not None and subject.kind is EntityKind.TOPIC and len(name) - size >= 2:
            if language:  # named by the language's usual name: "英文口语" is 英语口语
                return subject.name_in("zh") + name[size:]
            return name if _vocabulary_kind(name[size:]) is EntityKind.STYLE else name[size:]
    return name


def _attributes(cand: _Candidate) -> dict[str, str]:
    rule = cand.rule
    attributes = {EventAttr.LANG.value: rule.lang}
    if cand.object:
        if rule.object_kind in _NAMED_BY_VOCABULARY:
            named = cand.object
            if rule.object_kind is EntityKind.CONCEPT:
                named = concept_name(named, rule.lang)  # "发球那个" → 发球
            elif rule.object_kind is EntityKind.TOPIC and rule.lang == "en":
                named = without_field(named)  # "memorising dates in history" → memorising dates
            elif _of_interest(rule) and rule.lang == "zh" and vocabulary.lookup(named) is None:
                named = ZH_PASTIME_VERB.sub("", named)  # "超爱做手账": 手账, "喜欢听京剧": 京剧
            name = vocabulary.canonical(_head(named, rule.lang), rule.lang)
            learned_by = _vocabulary_kind(name) is EntityKind.STYLE
            if rule.object_kind is EntityKind.CONCEPT and learned_by:
                return attributes  # "例题" is how they learn, not what they cannot do
        elif rule.event_type is EventType.GOAL:
            named = goal_name(cand.object, rule.lang, cand.sentence)
            if named is None:
                return attributes  # "find his brothers in there": the words name no aim
            name = named
        elif rule.object_kind is EntityKind.PLACE:
            name = places.canonical(cand.object, rule.lang)  # "NYC" → "New York City"
        elif rule.object_kind is EntityKind.EMOTION and rule.lang == "zh":
            name = zh_feeling_name(cand.object)  # "压力好大" → 压力大
        else:
            name = cand.object
        attributes[EventAttr.OBJECT.value] = name
        if rule.object_kind is not None:
            attributes[EventAttr.OBJECT_KIND.value] = rule.object_kind.value
    if cand.match.value:
        value = cand.match.value
        if rule.event_type is EventType.IDENTITY_DECLARATION:
            value = vocabulary.canonical(value, rule.lang, EntityKind.ROLE)  # "考研狗" → "考研生"
        attributes[EventAttr.VALUE.value] = value
    if named := _relation_named(rule, attributes.get(EventAttr.OBJECT.value)):
        attributes[EventAttr.RELATION.value] = named[0].value
        attributes[EventAttr.OBJECT_KIND.value] = named[1].value
    elif rule.relation is not None:
        attributes[EventAttr.RELATION.value] = rule.relation.value
    if rule.polarity:
        attributes[EventAttr.POLARITY.value] = rule.polarity
    if rule.corrects:  # "我不是文员 是出纳": the value said before is over, not a second one
        attributes[EventAttr.CHANGE.value] = SUPERSEDES
    elif rule.change:  # "new job here too": a change the rule names, whatever the clause says
        attributes[EventAttr.CHANGE.value] = rule.change
    if rule.verdict:
        attributes[EventAttr.VERDICT.value] = rule.verdict
    return attributes


def extract_with_rules(
    turn: Turn,
    rules: Sequence[Rule] | None = None,
    read_claims: bool = True,
    reader: SpanReader | None = None,
) -> list[Event]:
    """Events the rule table finds in an already-checked turn (none for system turns), with
    what the learned `reader` adds to a user's, each read in its context
    (`reading.read_claim`) unless `read_claims` is off."""
    text = prepare(turn.content)
    table = _table_for(turn.role) if rules is None else _table_of(tuple(rules))
    reader = reader if turn.role is Role.USER else None  # it learned from learners' messages
    events = []
    for cand in _deduplicate(_candidates(text, table, reader)):
        priority = [p for p in (cand.object, cand.match.value) if p]
        attributes = _attributes(cand)
        confidence = cand.rule.confidence
        if read_claims:  # what the rule itself says of a change stands
            names_a_person = cand.rule.object_kind is EntityKind.PERSON
            reading = read_claim(
                cand.rule.event_type, text, cand.sentence, cand.start, names_a_person
            )
            if cand.rule.corrects:  # "上次说34是手滑了 其实是43": the past is the slip, not 43
                reading.pop(EventAttr.TENSE.value, None)
            attributes = reading | attributes
            confidence = read_confidence(cand.rule, cand.sentence, cand.start)
        events.append(
            build_event(
                turn,
                cand.rule.event_type,
                source=ExtractionSource.CLASSIFIER
                if is_learned(cand.rule)
                else ExtractionSource.RULE,
                confidence=confidence,
                summary=summarise(cand.sentence, cand.start),
                keywords=keywords_for(cand.sentence, priority),
                attributes=attributes,
                rule=cand.rule.name,
                discriminator=cand.key[1],
            )
        )
    return events


def extract_answer(turn: Turn, question: Asked, read_claims: bool = True) -> list[Event]:
    """The claims a user's reply makes as the answer to the tutor's `question` ("Offside."
    after "What part worries you most?"), each read in its context like any rule's."""
    return extract_with_rules(turn, answers.BY_QUESTION[question], read_claims=read_claims)


def extract(
    turn: Turn,
    residue: ResidueStage | None = None,
    max_content_bytes: int = DEFAULT_MAX_CONTENT_BYTES,
    read_claims: bool = True,
    reader: SpanReader | None = None,
) -> list[Event]:
    """Rules and the learned `reader` first; when a `residue` stage is given, a user's turn
    neither covers goes to it and an assistant's is kept whole (`whole_turn_event`), as is a
    user's read as small talk alone, from the news in it (`news_in`).

    Raises `ExtractionInputError` for content extraction cannot trust (nothing is produced).
    """
    return extract_all([turn], residue, max_content_bytes, read_claims, reader)[0]


def extract_all(
    turns: Sequence[Turn],
    residue: ResidueStage | None = None,
    max_content_bytes: int = DEFAULT_MAX_CONTENT_BYTES,
    read_claims: bool = True,
    reader: SpanReader | None = None,
) -> list[list[Event]]:
    """`extract` for each turn, in order, with the residue stage reading every turn it gets in
    one call (the classifier's model then encodes them as one batch, in passes side by side).

    Raises `ExtractionInputError` if any turn's content cannot be trusted (nothing is produced).
    """
    ruled = extract_all_with_rules(turns, max_content_bytes, read_claims, reader)
    return add_residue(turns, ruled, residue)


def extract_all_with_rules(
    turns: Sequence[Turn],
    max_content_bytes: int = DEFAULT_MAX_CONTENT_BYTES,
    read_claims: bool = True,
    reader: SpanReader | None = None,
) -> list[list[Event]]:
    """The first half of `extract_all`: each turn checked, then read by the rules and `reader`
    alone. Pure Python, so the stream runs it in a process of its own
    (`pipelines.rules_process`).

    Raises `ExtractionInputError` if any turn's content cannot be trusted (nothing is produced).
    """
    for turn in turns:
        check_content(turn.content, max_content_bytes)
    return [extract_with_rules(turn, read_claims=read_claims, reader=reader) for turn in turns]


def add_residue(
    turns: Sequence[Turn], ruled: Sequence[Sequence[Event]], residue: ResidueStage | None = None
) -> list[list[Event]]:
    """The second half of `extract_all`: the `residue` stage for the user turns the rules left
    unread (in one call), and turns kept whole (`_with_whole_turn`); `ruled` is each turn's
    events from `extract_all_with_rules`."""
    ruled = [list(events) for events in ruled]
    if residue is None:
        return ruled
    unread = [i for i, turn in enumerate(turns) if turn.role is Role.USER and not ruled[i]]
    if unread:
        for i, event in zip(unread, residue.extract_all([turns[i] for i in unread]), strict=True):
            ruled[i] = [event]
    return [_with_whole_turn(turn, events) for turn, events in zip(turns, ruled, strict=True)]


def _with_whole_turn(turn: Turn, events: list[Event]) -> list[Event]:
    """An assistant's turn no rule covers kept whole, and a user's read as small talk alone
    kept from the news in it (`news_in`)."""
    if turn.role is Role.ASSISTANT:
        return events or [whole_turn_event(turn)]
    if turn.role is Role.USER and all(e.event_type in LOW_VALUE_EVENT_TYPES for e in events):
        news = news_in(turn)
        if news is not None:
            events.append(whole_turn_event(turn, news))
    return events


#: A sentence with at least this many informative words is news, not small talk.
MIN_NEWS_WORDS = 4


def news_in(turn: Turn) -> str | None:
    """A turn read as small talk from its first sentence of news on, if it has one: a sentence
    no rule reads (so no greeting or small-talk rule either) with `MIN_NEWS_WORDS` informative
    words. "Hey Gina! Lost my job as a banker yesterday." is a greeting to the rules, and small
    talk leaves retrieval after 30 days (`forgetting.archive_event_types`): on LoCoMo dev, the
    nightly archive took the only event of a gold turn from 43 of 495 questions."""
    text = prepare(turn.content)
    for sentence in split_sentences(text):
        words = [t for t in tokenize(sentence) if _informative(t)]
        said = turn.model_copy(update={"content": sentence})
        if len(words) >= MIN_NEWS_WORDS and not extract_with_rules(said, read_claims=False):
            return text[text.find(sentence) :]
    return None


def whole_turn_event(turn: Turn, said: str | None = None) -> Event:
    """A turn kept whole for recall alone (`jiyi.domain.recall_only`): an assistant's that no
    rule covers ("what was that recipe you gave me?"), or a user's whose events are small
    talk, from its news on (`news_in`: its summary says the news, not the greeting). An
    assistant's is an `assistant_reply` (a kind of its own on the transparency page, cleared on
    its own); a user's is typed as the fact it states, so it stays when small talk is
    archived. Its opening as said is its summary, its three longest distinct words its keywords
    (a long reply's first words are its least telling)."""
    text = turn.content if said is None else said
    words = list(dict.fromkeys(tokenize(text)))
    by_assistant = turn.role is Role.ASSISTANT
    return build_event(
        turn,
        EventType.ASSISTANT_REPLY if by_assistant else EventType.PERSONAL_FACT,
        source=ExtractionSource.RULE,
        confidence=0.5,
        summary=summarise(text),
        keywords=sorted(words, key=len, reverse=True)[:MAX_KEYWORDS],
        rule=WHOLE_TURN_RULE,
    )
