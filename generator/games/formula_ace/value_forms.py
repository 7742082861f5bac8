"""Values a Formula Ace team file may write in more than one form: a place as 15/ ranks it
("2nd"), a count or the names it counts (Special Features, 19/), counts by name or a list
of names (upgrades, school levels). Each reads to one value the rules judge, so the form a
player chooses changes nothing but where a finding points."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from generator.input.findings import KeyPath
from generator.input.schema import Choice, Either, Int, ListOf, MapOf, Spec, loose_word
from generator.input.source import Node, Scalar, Seq
from generator.input.validation import INVALID, Mapped, Validation, any_case, shared_path

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from generator.games.formula_ace.catalogues import Bracket

# 15/ writes places as "1st", "2nd", "4th": a place may be written so too.
ORDINAL = re.compile(r"^\s*([1-9][0-9]*)\s*(st|nd|rd|th)\s*$", re.IGNORECASE)


class Place(Int):
    """A finishing place: a whole number, or one as 15/ writes it ("1st", "3rd")."""

    def __init__(self, low: int, high: int) -> None:
        super().__init__(low, high)
        self.expected += " (2 or 2nd)"

    def check(self, node: Node, path: KeyPath, v: Validation) -> Any:
        value = node.value if isinstance(node, Scalar) else None
        match = ORDINAL.match(value) if isinstance(value, str) else None
        if match is not None:
            node = Scalar(node.mark, int(match.group(1)))
        return super().check(node, path, v)

    def own_schema(self) -> dict[str, Any]:
        words = "|".join("".join(f"[{c}{c.upper()}]" for c in end)
                         for end in ("st", "nd", "rd", "th"))
        return {"anyOf": [super().own_schema(), {
            "type": "string", "pattern": r"^\s*[1-9][0-9]?\s*(" + words + r")\s*$"}]}


# 16/ and 17/ price everything "= 1000 Credits": an amount may be written with its unit, or
# with commas between the thousands ("2,500").
CREDITS = re.compile(r"^\s*([0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)\s*(credits?)?\s*$",
                     re.IGNORECASE)
CREDITS_PATTERN = r"^\s*([0-9]{1,3}(,[0-9]{3})+|[0-9]+)\s*([cC][rR][eE][dD][iI][tT][sS]?)?\s*$"


class Credits(Int):
    """An amount of credits: a whole number, or one as the book prices things ("1000
    Credits", "2,500"). A number merely quoted ("2500") keeps its refusal with the hint to
    drop the quotes."""

    def __init__(self, low: int | None = None, high: int | None = None) -> None:
        super().__init__(low, high)
        self.expected += " (2500 or 2,500 credits)"

    def check(self, node: Node, path: KeyPath, v: Validation) -> Any:
        value = node.value if isinstance(node, Scalar) else None
        match = CREDITS.match(value) if isinstance(value, str) else None
        if match is not None and (match.group(2) or "," in match.group(1)):
            node = Scalar(node.mark, int(match.group(1).replace(",", "")))
        return super().check(node, path, v)

    def own_schema(self) -> dict[str, Any]:
        return {"anyOf": [super().own_schema(), {"type": "string",
                                                 "pattern": CREDITS_PATTERN}]}


# The book sets its price lines out as "- * +1 Booster" and "** Zap o. Burn Booster" (a star
# for each space the upgrade takes), and quotes a rank or a roll in guillemets («Seasoned»,
# «6»): a name copied with them is the name without them.
LIST_MARKS = re.compile(r"^[\s*\u2022-]*(?=\S)")
QUOTE_GLYPHS = re.compile("[\u00ab\u00bb\"\u201c\u201d]")
# The same for the editor schema: marks before the name, quote glyphs anywhere in it.
_MARKS_PATTERN = "[\\s*\u2022-]*"
_QUOTES_PATTERN = "[\u00ab\u00bb\"\u201c\u201d\\s]*"
_GAP_PATTERN = "[\u00ab\u00bb\"\u201c\u201d\\s_-]+"


def book_marks_off(text: str) -> str:
    """``text`` without the list marks before it and the quote glyphs in it."""
    bare = " ".join(QUOTE_GLYPHS.sub(" ", LIST_MARKS.sub("", text)).split())
    return bare.replace("( ", "(").replace(" )", ")")


BRACKET = re.compile(r"(.*?)\s*\(([^()]*)\)")
ROW = re.compile(r"([0-9]+)\s*[.)-]?\s+(.*)")
_NOT_A_NUMBER = "[^0-9()]*"


class BookChoice(Choice):
    """A name as the book prints it in a list or a table: with the list's marks before it or
    guillemets round it (see LIST_MARKS), and for a purchase with the bracket the price line
    prints after it ("+1 Fin (maximum = 4)"). A bracket reads when its numbers and its word
    are the book's for that purchase (``brackets``), so "Decoys (cancel on a 5-6)" and
    "Smoke (stops everybody)" are refused. A value that does not read keeps its refusal,
    shown as written."""

    def __init__(self, options: Sequence[str], source: str | None = None,
                 loose: bool = False, aliases: Mapping[str, str] | None = None,
                 elsewhere: Mapping[str, str] | None = None,
                 brackets: Mapping[str, Bracket] | None = None,
                 rolls: Mapping[str, int] | None = None) -> None:
        super().__init__(options, source, loose, aliases, elsewhere)
        self.brackets = {o: n for o, n in (brackets or {}).items() if o in self.options}
        # A table's rows as the book numbers them (19/: "1 Laser turret"): a name copied
        # with its own row's number is the name.
        self.rolls = {o: n for o, n in (rolls or {}).items() if o in self.options}

    def named(self, text: str) -> str | None:
        """The option ``text`` names as the plain Choice reads it, or None."""
        for option in self.options:
            if text.strip().lower() == option.lower():
                return option
        return self.words.get(loose_word(text).strip("-")) if self.loose else None

    def bracketed(self, text: str) -> str | None:
        """The option of a name with the book's bracket after it, or None."""
        match = BRACKET.fullmatch(text)
        option = self.named(match.group(1)) if match else None
        if match is None or option not in self.brackets:
            return None
        book = self.brackets[option]
        numbers = tuple(int(n) for n in re.findall(r"[0-9]+", match.group(2)))
        has_word = book.word in re.findall(r"[a-z]+", match.group(2).lower())
        return option if numbers == book.numbers and has_word else None

    def numbered(self, text: str) -> str | None:
        """The option of a table row copied with its number, when the number is its row's."""
        match = ROW.fullmatch(text)
        option = self.named(match.group(2)) if match else None
        if match is None or option is None or self.rolls.get(option) != int(match.group(1)):
            return None
        return option

    def check(self, node: Node, path: KeyPath, v: Validation) -> Any:
        value = node.value if isinstance(node, Scalar) else None
        if isinstance(value, str) and self.named(value) is None:
            bare = book_marks_off(value)
            option = self.named(bare) or self.bracketed(bare) or self.numbered(bare)
            if option is not None:
                node = Scalar(node.mark, option)
        return super().check(node, path, v)

    def advice(self, value: str) -> str:
        """As Choice's, for the name without the book's marks and bracket: '* Rockets' under
        upgrades is told where rockets go."""
        bare = book_marks_off(value)
        match = BRACKET.fullmatch(bare)
        words = loose_word(match.group(1) if match else bare).split("-")
        # The longest leading part that names something of another field: "Repair 1 hit
        # point of damage on a ship" is the repair of 16/'s list. A part of two words at
        # least: "Pilot advanced school" is not a recruit for its first word.
        for end in range(len(words), min(len(words), 2) - 1, -1):
            if "-".join(words[:end]) in self.elsewhere:
                return "; " + self.elsewhere["-".join(words[:end])]
        return super().advice(value)

    def spellings(self, options: Sequence[str]) -> dict[str, Any]:
        schema = super().spellings(options)
        names = []
        for option in options:
            words = ([book_pattern(w) for w, o in self.words.items() if o == option]
                     if self.loose else [_QUOTES_PATTERN + any_case(option)])
            bracket = (r"(\s*\(" + bracket_pattern(self.brackets[option]) + r"\))?"
                       if option in self.brackets else "")
            row = (rf"({self.rolls[option]}\s*[.)-]?\s+)?" if option in self.rolls else "")
            names.append(row + "(" + "|".join(words) + ")" + bracket)
        schema["anyOf"].append({"type": "string", "pattern": "^" + _MARKS_PATTERN + "("
                                + "|".join(names) + ")" + _QUOTES_PATTERN + "$"})
        return schema


def bracket_pattern(book: Bracket) -> str:
    """What may stand inside a bracket holding the book's numbers in order, no other number,
    and its word (a word of its own: not the end of a longer one)."""
    between = _NOT_A_NUMBER.replace("*", "+")
    word = r"(?=(.*[^a-zA-Z])?" + any_case(book.word) + r"([^a-zA-Z]|$))"
    return (word + _NOT_A_NUMBER + between.join(str(n) for n in book.numbers)
            + _NOT_A_NUMBER)


def book_pattern(word: str) -> str:
    """loose_pattern's expression for ``word``, with quote glyphs taken where an apostrophe
    or a dot is, and among the spaces between words."""
    skip = "['\u2019.\u00ab\u00bb\"\u201c\u201d]*"
    parts = [_QUOTES_PATTERN]
    for char in word:
        parts.append(_GAP_PATTERN if char == "-" else any_case(char))
        parts.append(skip)
    return "".join(parts)


HIT_POINTS = ("hit points", "hit point")
BOOSTERS = ("boosters", "booster")
FINS = ("fins", "fin")


class CountOrNames(Either):
    """How many of something, or a list of their names: a list is read as names, anything
    else as the count (with the count's own refusals: '2' quoted, 2.0, a negative)."""

    def __init__(self, count: Int, names: ListOf, expected: str) -> None:
        super().__init__(count, names, expected=expected)
        count.expected = expected

    def check(self, node: Node, path: KeyPath, v: Validation) -> Any:
        count, names = self.alternatives
        return (names if isinstance(node, Seq) else count).check(node, path, v)


class NamesCounted(Spec):
    """Upgrades or school levels by name and count ({booster: 2}), or as a list of names,
    one each ([booster, booster, fin]): a name written twice is two of it. A finding about a
    name points at its last entry, the one that took the count where it is."""

    shape = "mapping"

    def __init__(self, counts: MapOf) -> None:
        self.counts = counts
        self.expected = f"{counts.expected}, or a list of names, one each"

    def check(self, node: Node, path: KeyPath, v: Validation) -> Any:
        if not isinstance(node, Seq):
            return self.counts.check(node, path, v)
        result: dict[str, int] = {}
        bad = False
        for index, item in enumerate(node.items):
            name = self.counts.key.validate(item, (*path, index), v)
            if name is INVALID:
                bad = True
                continue
            result[name] = result.get(name, 0) + 1
            v.marks[shared_path((*path, name))] = item.mark
        return INVALID if bad else result

    def own_schema(self) -> dict[str, Any]:
        """The counts by name, each name one the file reads (an editor flags '+1 Fin
        (maximum = 6): 1' as the check does), or the list of names."""
        counts = {**self.counts.json_schema(), "propertyNames": self.counts.key.json_schema()}
        return {"anyOf": [counts, {"type": "array", "items": self.counts.key.json_schema()}]}


class BlankIsEmpty(Spec):
    """An optional list or mapping written with nothing after its key (``upgrades:``, a
    scaffold's empty ``season:``): the same as leaving the key out, so it is empty rather
    than refused as the wrong kind of value."""

    def __init__(self, inner: Spec, empty: Any) -> None:
        self.inner, self.empty = inner, empty
        self.shape = inner.shape
        self.expected = inner.expected

    @property
    def source(self) -> str | None:
        return self.inner.source

    @source.setter
    def source(self, value: str | None) -> None:
        """The section a field cites is its list's or mapping's, as if not wrapped."""
        self.inner.source = value

    def check(self, node: Node, path: KeyPath, v: Validation) -> Any:
        if isinstance(node, Scalar) and node.value is None:
            return self.empty
        return self.inner.check(node, path, v)

    def nested(self) -> Mapped | None:
        return self.inner.nested()

    def describe_doc(self) -> str:
        return f"{self.inner.describe_doc()}, or nothing"

    def show_default(self, value: Any) -> str:
        return self.inner.show_default(value)

    def own_schema(self) -> dict[str, Any]:
        return {"anyOf": [{"type": "null"}, self.inner.json_schema()]}
