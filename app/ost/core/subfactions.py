"""The words that name a sub-faction, shared by every list reader.

A datasheet of a faction with sub-factions carries a placeholder keyword
(``<CHAPITRE>``, ``<CLAN>``, ``<VAISSEAU-MONDE>``) that the list fills with the
army's choice. Lists written by other programs say that choice in their own
words: a roster's configuration ("Craftworld Selection" → "Saim-Hann",
"Dynasty Choice" → "Dynasty: Szarekhan"), a pasted text's line ("Chapter:
Ultramarines", "Clan Kultur" then "Selections: Goffs"). :data:`SUBFACTIONS`
is the one table of those words, English and French, so the roster reader and
the text reader fill the same placeholders from the same words.

Words are compared by :func:`word_key` (folded, punctuation as spaces):
"Vaisseau-monde", "vaisseau monde" and "VAISSEAU MONDE" are one word.
"""

from __future__ import annotations

import msgspec

from ost.core.i18n import Bilingual
from ost.core.text import slug


def word_key(text: str) -> str:
    """The comparison form of a sub-faction word: folded, ASCII, punctuation as single spaces."""
    return " ".join(slug(text).split("-"))


class Subfaction(msgspec.Struct, frozen=True):
    """One kind of sub-faction (chapter, clan, craftworld…) and every word that names it.

    ``words`` are :func:`word_key` forms, in English and French; a placeholder
    whose inner word is one of them is this sub-faction's. A generic entry
    (``generic``: "sub-faction", "sous-faction") names no kind: it fills a
    datasheet's only placeholder.
    """

    name: str
    words: frozenset[str]
    generic: bool = False
    #: A value of this kind, from its own faction, to show as an example ("LEVIATHAN" for a hive fleet).
    example: str = ""

    def fills(self, placeholder: str, placeholders: tuple[str, ...] | list[str]) -> bool:
        """Whether a choice of this sub-faction fills ``placeholder``, one of a datasheet's ``placeholders``."""
        if self.generic:
            return len(placeholders) == 1
        return placeholder_key(placeholder) in self.words


def placeholder_key(placeholder: str) -> str:
    """The word inside a placeholder keyword ("<VAISSEAU-MONDE>" -> "vaisseau monde")."""
    return word_key(placeholder.strip().strip("<>"))


def _kind(name: str, *words: str, generic: bool = False, example: str = "") -> Subfaction:
    return Subfaction(name, frozenset(word_key(w) for w in (name, *words)), generic, example)


#: Every sub-faction Ost knows the words of (English first, then French and other spellings), each with
#: an example value of its own faction.
SUBFACTIONS: tuple[Subfaction, ...] = (
    _kind("chapter", "chapitre", example="ULTRAMARINES"),
    _kind("dynasty", "dynastie", example="SAUTEKH"),
    _kind("clan", "clan kultur", "kultur", example="GOFFS"),
    _kind("sept", example="VIOR'LA"),
    _kind("craftworld", "vaisseau-monde", example="SAIM-HANN"),
    _kind("regiment", example="CADIAN"),
    _kind("hive fleet", "flotte-ruche", "flotte de la ruche", example="LEVIATHAN"),
    _kind("order", "ordre", example="OUR MARTYRED LADY"),
    _kind("forge world", "monde-forge", example="MARS"),
    _kind("legion", example="BLACK LEGION"),
    _kind("household", "maisonnée", "noble household", example="HOUSE TERRYN"),
    _kind("questor allegiance", "allégeance questor", example="QUESTOR IMPERIALIS"),
    _kind("kabal", "cabale", example="KABAL OF THE BLACK HEART"),
    _kind("wych cult", "culte wych", example="CULT OF STRIFE"),
    _kind("haemonculus coven", "convent haemonculus", example="PROPHETS OF FLESH"),
    _kind("league", "ligue", example="TRANS-HYPERION ALLIANCE"),
    _kind("masque", example="MIDNIGHT SORROW"),
    _kind("plague company", "compagnie de la peste", example="INEXORABLE"),
    _kind("cult", "culte", example="CULT OF THE FOUR-ARMED EMPEROR"),
    _kind("brotherhood", "confrérie", example="1ST BROTHERHOOD"),
    _kind("shield host", example="DREAD HOST"),
    _kind("titan legion", "légion titanique", example="LEGIO METALICA"),
    _kind("heretic titan legion", example="LEGIO MORTIS"),
)
#: The army's sub-faction, kind unsaid ("Sub-faction: Sautekh"): it fills a datasheet's only placeholder.
ANY_SUBFACTION = _kind("sub-faction", "subfaction", "sous-faction", generic=True)

#: Words that only say a choice is made ("Craftworld Selection", "Dynasty Choice", "Choose Chapter").
CHOICE_WORDS: frozenset[str] = frozenset({"selection", "choice", "select", "choose", "choix", "choisir", "affiliation"})

_BY_WORD: dict[str, Subfaction] = {word: kind for kind in (*SUBFACTIONS, ANY_SUBFACTION) for word in kind.words}


def subfaction_named(name: str) -> Subfaction | None:
    """The sub-faction a configuration's name names ("Craftworld Selection" -> craftworld), if any.

    The words that only say a choice is made are left out; what remains must be
    one of the table's words whole ("Chapter Tactics" names none).
    """
    words = [w for w in word_key(name).split() if w not in CHOICE_WORDS]
    return _BY_WORD.get(" ".join(words))


def subfaction_of_placeholder(placeholder: str) -> Subfaction | None:
    """The sub-faction a placeholder keyword stands for ("<CHAPITRE>" -> chapter), if the table knows it."""
    found = _BY_WORD.get(placeholder_key(placeholder))
    return found if found is not None and not found.generic else None


def placeholder_hint(placeholder: str) -> Bilingual:
    """What a box for ``placeholder`` suggests: a value of its own kind ("e.g. LEVIATHAN" for ``<HIVE FLEET>``).

    A placeholder the table does not know gets no faction's name (an Ultramarines example for
    a Harlequin would mislead), only what to type.
    """
    kind = subfaction_of_placeholder(placeholder)
    if kind is None or not kind.example:
        return Bilingual(fr="la valeur choisie pour l'armée", en="the army's chosen value")
    return Bilingual(fr=f"p. ex. {kind.example}", en=f"e.g. {kind.example}")
