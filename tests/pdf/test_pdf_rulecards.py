"""The core rule cards, checked against seed 000 sentence by sentence.

``CLAIMS`` is the table of what each French card says: a piece of one of its
sentences, the section of seed 000 the claim comes from, and a few words of
that section that support it (the evidence is read in the seed, never printed).
Every sentence of every card must hold at least one claim, so a sentence added
to a card without its source fails here. ``OFFICIAL`` marks what the cards
take from the official 9th-edition rules that seed 000 keeps as they are (the
wound table), with no seed words to point at.
"""

from __future__ import annotations

import re
from functools import cache

import pytest

from helpers import SHARED
from ost.core.text import fold
from ost.pdf.rulecards import RuleCard, load_ability_texts, load_rule_cards

SEEDS = SHARED / "seeds"
OFFICIAL = "OFFICIEL"

#: (card id, piece of a sentence of the card, seed 000 section, words of that section).
CLAIMS: list[tuple[str, str, str, str | None]] = [
    # turn
    ("turn", "Une partie dure 6 tours", "NOMBRE DE TOURS", "Une partie dure 6 tours"),
    ("turn", "Un tour n'a pas de phases", "ALTERNANCE", "n'est plus décomposé en phases"),
    (
        "turn",
        "encore agir (sur la table, embarquée ou en réserves)",
        "ALTERNANCE",
        "embarquée dans un transport ou en réserves",
    ),
    ("turn", "dans l'ordre voulu, ou passe son activation", "ALTERNANCE", "L'unité peut aussi passer son activation"),
    ("turn", "Puis l'adversaire joue", "ALTERNANCE", "Puis c'est à l'autre joueur de jouer"),
    ("turn", "laisse l'autre terminer", "ALTERNANCE", "il passe la main à son adversaire"),
    ("turn", "Le tour finit quand toutes les unités ont été activées", "ALTERNANCE", "C'est alors la fin du tour"),
    (
        "turn",
        "au tour 1, le joueur secondaire de la mise en place",
        "ALTERNANCE",
        "était le joueur secondaire pour la mise en place",
    ),
    (
        "turn",
        "sans passer joue en second au tour suivant",
        "ALTERNANCE",
        "est le joueur qui joue en second au tour suivant",
    ),
    (
        "turn",
        "au plus deux par unité et par tour",
        "TIR DU CORPS-À-CORPS",
        "pas attaquer plus de deux fois durant un tour",
    ),
    ("turn", "coûte -1 en CT ou en CC", "TIR DU CORPS-À-CORPS", "un malus de -1 en CT ou un malus de -1 en CC"),
    # movement
    (
        "movement",
        "finir à plus de 1 ps des ennemis",
        "TYPE DE MOUVEMENT",
        "strictement plus de 1 ps de toute unité ennemie",
    ),
    ("movement", "Avancer | M + 6 ps", "DISTANCE", "La distance standard d'avancée ou de charge est de 6 ps"),
    ("movement", "impossible après un corps-à-corps", "TYPE DE MOUVEMENT", "ne peut pas ensuite avancer"),
    ("movement", "Charger | M + 6 ps", "DISTANCE", "La distance standard d'avancée ou de charge est de 6 ps"),
    ("movement", "Consolider | 3 ps", "DISTANCE", "La distance standard de consolidation est de 3 ps"),
    (
        "movement",
        "peut finir à 1 ps des ennemis",
        "TYPE DE MOUVEMENT",
        "peut s'approcher à 1 ps ou moins d'une unité ennemie",
    ),
    ("movement", "Terrain difficile | -3 ps | jamais moins de 1 ps", "TERRAIN", "jusqu'à un minimum de 1 ps"),
    ("movement", "Battre en retraite n'existe plus", "TYPE DE MOUVEMENT", "Ce mouvement officiel est supprimé"),
    (
        "movement",
        "en première action, l'unité reste immobile",
        "TYPE DE MOUVEMENT",
        "comme première action de son activation",
    ),
    (
        "movement",
        "6+ si elle est à découvert",
        "TYPE DE MOUVEMENT",
        "sauvegarde de couvert de 6+ si elle n'est pas à couvert",
    ),
    ("movement", "-1 en psy, CT ou CC au choix de l'adversaire", "TYPE DE MOUVEMENT", "au choix du joueur adverse"),
    (
        "movement",
        "bonus ou malus chiffré (+X ou -X ps), s'applique normalement",
        "DISTANCE",
        "continue de s'appliquer normalement",
    ),
    (
        "movement",
        "tend à diminuer l'avancée ou la charge la fixe à 3 ps",
        "DISTANCE",
        "tend à diminuer la distance d'avancée ou de charge",
    ),
    (
        "movement",
        "la fixe à 9 ps si l'avancée finale reste à 6 ps au plus",
        "DISTANCE",
        "donne désormais une distance d'avancée de 9 ps",
    ),
    # charge
    ("charge", "Distance : M + 6 ps", "TYPE DE MOUVEMENT", "distance de mouvement augmentée de sa distance de charge"),
    (
        "charge",
        "La première figurine déplacée doit finir à 1 ps",
        "TYPE DE MOUVEMENT",
        "La première figurine déplacée d'une unité qui charge",
    ),
    (
        "charge",
        "sans s'approcher à 1 ps d'une autre unité ennemie",
        "TYPE DE MOUVEMENT",
        "sans s'approcher à 1 ps ou moins d'une figurine d'une autre unité ennemie",
    ),
    (
        "charge",
        "déjà verrouillée avec la sienne, ou d'une unité qui l'a chargée ce tour",
        "TYPE DE MOUVEMENT",
        "ni terminer sa charge à 1 ps ou moins d'une unité ennemie qui l'a chargée",
    ),
    (
        "charge",
        "Pas de charge contre une unité qui l'a chargée ce tour",
        "TYPE DE MOUVEMENT",
        "Une unité ne peut pas charger durant un tour une unité ennemie qui l'a chargée",
    ),
    (
        "charge",
        "ni après avoir combattu au corps-à-corps ce tour",
        "TYPE DE MOUVEMENT",
        "ne peut pas ensuite charger durant ce tour",
    ),
    ("charge", "réduit désormais de X ps la distance", "TYPE DE MOUVEMENT", "lui permet désormais de réduire de X ps"),
    # shooting after moving
    (
        "shooting-after-moving",
        "compte comme immobile ; armes lourdes sans malus",
        "TIR ET MOUVEMENT",
        "ne subit pas de malus pour tirer avec une arme lourde",
    ),
    (
        "shooting-after-moving",
        "armes lourdes à -1 en CT",
        "TIR ET MOUVEMENT",
        "malus de -1 en CT pour tirer avec une arme lourde",
    ),
    (
        "shooting-after-moving",
        "armes d'assaut seulement, à -1 en CT",
        "TIR ET MOUVEMENT",
        "ne peut pas tirer avec une arme d'un autre type",
    ),
    ("shooting-after-moving", "plus que M + avancée | aucun tir", "TIR ET MOUVEMENT", "ne peut pas tirer"),
    (
        "shooting-after-moving",
        "qui débarque ou qui arrive des réserves",
        "RÉSERVES",
        "compte toujours comme s'étant déplacée d'au moins 1 ps",
    ),
    (
        "shooting-after-moving",
        "Contre-charge : une unité chargée et pas encore activée",
        "CONTRE-CHARGE",
        "qu'elle n'a pas encore été activée",
    ),
    # fight
    ("fight", "Seule une figurine engagée", "COMBATTRE", "que si elle est engagée"),
    ("fight", "elle répartit ses attaques", "COMBATTRE", "peut répartir ses attaques"),
    ("fight", "Les blessures s'allouent comme au tir", "COMBATTRE", "est la même que pour le tir"),
    (
        "fight",
        "Engagements et interventions héroïques n'existent plus",
        "RÈGLES MODIFIÉES",
        "s'applique désormais à la consolidation",
    ),
    ("fight", "Combat en premier", "RÈGLES MODIFIÉES", "taper en premier"),
    ("fight", "combattre après avoir été détruite", "COMBATTRE", "juste avant d'être retirée de la table"),
    # airborne
    (
        "airborne",
        "Une unité qui ne vole pas peut charger et combattre une figurine Aéroportée, à -1 en CC",
        "AÉROPORTÉ",
        "par une unité qui ne peut pas voler",
    ),
    (
        "airborne",
        "Une figurine Aéroportée peut charger et combattre une unité qui ne vole pas",
        "AÉROPORTÉ",
        "peut charger et combattre au corps-à-corps une unité qui ne peut pas voler",
    ),
    # characters
    (
        "characters",
        "9 PV ou moins au départ est un personnage indépendant",
        "PERSONNAGE",
        "9 PV initiaux ou moins est un personnage indépendant",
    ),
    (
        "characters",
        "Cible d'un tir seulement s'il est l'unité la plus proche",
        "PERSONNAGE",
        "s'il est l'unité la plus proche de cette figurine",
    ),
    ("characters", "ignore aussi la limite de 3 ps", "PERSONNAGE", "même s'il est situé à 3 ps ou moins"),
    ("characters", "Il ne bloque pas la vue", "COUVERT", "ne bloque pas les lignes de vues ennemies"),
    (
        "character-activation",
        "Ses unités accompagnantes",
        "PERSONNAGE",
        "ses unités accompagnantes s'activent toujours tous en même temps",
    ),
    (
        "character-activation",
        "Activé à 3 ps ou moins d'une unité amie pas encore activée",
        "PERSONNAGE",
        "qui n'a pas encore été activée",
    ),
    ("character-activation", "En réserves avec une unité amie", "PERSONNAGE", "à 3 ps ou moins l'un de l'autre"),
    (
        "character-activation",
        "ne peut jamais être un personnage indépendant",
        "PERSONNAGE",
        "unité amie qui n'est pas un personnage indépendant",
    ),
    # transports
    ("transports", "l'unité entière embarque", "TRANSPORT", "l'unité toute entière peut embarquer immédiatement"),
    ("transports", "Débarquer quand on veut", "TRANSPORT", "peut débarquer d'un transport quand elle le souhaite"),
    (
        "transports",
        "Transport pas encore déplacé ce tour",
        "TRANSPORT",
        "qui ne s'est pas encore déplacé durant ce tour",
    ),
    ("transports", "si elle la charge", "TRANSPORT", "à condition de charger cette unité"),
    ("transports", "Transport déjà déplacé ce tour", "TRANSPORT", "est sonnée jusqu'à la fin de ce tour"),
    (
        "transports",
        "Une unité qui a débarqué compte comme s'étant déplacée",
        "TRANSPORT",
        "compte toujours comme s'étant déplacée d'au moins 1 ps",
    ),
    ("transports", "comptent comme une seule unité", "DÉPLOIEMENT", "comptent comme une seule et même unité"),
    (
        "transport-destroyed",
        "au plus près du centre",
        "TRANSPORT",
        "au plus près du centre de l'emplacement du véhicule",
    ),
    (
        "transport-destroyed",
        "Pas de limite de 3 ps, mais à 1 ps ou plus de tout ennemi",
        "TRANSPORT",
        "sans tenir compte de la limitation officielle de 3 ps",
    ),
    (
        "transport-destroyed",
        "une blessure mortelle de corps-à-corps",
        "TRANSPORT",
        "inflige une blessure mortelle de corps-à-corps",
    ),
    (
        "transport-destroyed",
        "elle est sonnée jusqu'à la fin du tour",
        "TRANSPORT",
        "mais est sonnée jusqu'à la fin de ce tour",
    ),
    # reserves
    (
        "reserves",
        "au plus la moitié des points de l'armée",
        "RÉSERVES",
        "au maximum égal à la moitié de ses points d'armée totaux",
    ),
    ("reserves", "Arrivée possible dès le tour 1", "RÉSERVES", "dès le premier tour"),
    (
        "reserves",
        "sans mouvement, sauf une charge",
        "RÉSERVES",
        "ne peut pas effectuer de mouvement, sauf si elle charge",
    ),
    ("reserves", "entièrement à 6 ps de celle-ci", "RÉSERVES", "doit être entièrement déployée à 6 ps"),
    ("reserves", "ne débarquent pas aussitôt", "RÉSERVES", "ne peut pas débarquer immédiatement"),
    ("reserves", "Redéployée ou invoquée", "RÉSERVES", "si une unité est invoquée"),
    ("reserves", "dès le tour 4", "RÉSERVES", "A partir du quatrième tour"),
    # deployment
    ("deployment", "Décors, objectifs, puis zones de déploiement", "PRINCIPAL ET SECONDAIRE", "dans cet ordre"),
    ("deployment", "Chacun lance 1D6", "PRINCIPAL ET SECONDAIRE", "chacun des joueurs lance 1D6"),
    (
        "deployment",
        "Le principal choisit sa zone de déploiement",
        "DÉPLOIEMENT",
        "Le joueur principal choisit sa zone de déploiement",
    ),
    (
        "deployment",
        "seigneur de guerre (figurine d'une unité d'une seule figurine, sinon d'une unité QG)",
        "DÉPLOIEMENT",
        "parmi ses unités d'une seule figurine",
    ),
    ("deployment", "pose une unité le premier", "DÉPLOIEMENT", "déploie en premier une de ses unités"),
    ("deployment", "Les unités redéployables", "DÉPLOIEMENT", "est une unité redéployable"),
    # psychic
    (
        "psychic",
        "Un psyker, engagé ou non",
        "UNITÉ VERROUILLÉE",
        "Un psyker engagé ou non peut utiliser un pouvoir psy",
    ),
    (
        "psychic",
        "les blessures s'allouent comme au tir",
        "ALLOCATION",
        "dues à un pouvoir psy est la même que pour le tir",
    ),
    (
        "psychic",
        "un 2 ou 3 naturel échoue toujours",
        "JET AUTOMATIQUE",
        "lors d'un test psychique est toujours un échec",
    ),
    (
        "psychic",
        "le péril a lieu même si le test réussit",
        "PÉRIL DU WARP",
        "que le test soit finalement réussi ou non",
    ),
    ("psychic", "Focalisation", "FOCALISATION", "si ce pouvoir a été abjuré"),
    ("psychic", "1D6 blessures mortelles", "CHÂTIMENT", "engendre 1D6 blessures mortelles"),
    # stratagems
    ("stratagems", "Plus de points de commandement", "STRATAGÈME", "Les PC sont supprimés"),
    ("stratagems", "un seul par tour, et chacun une seule fois par partie", "STRATAGÈME", "une seule fois par partie"),
    ("stratagems", "Relance de Commandement : une fois par tour", "STRATAGÈME", "qu'une seule fois par tour"),
    ("stratagems", "Contre-Offensive et Courage Insensé n'existent plus", "STRATAGÈME", "sont supprimés"),
    ("stratagems", "n'en donne plus qu'un", "STRATAGÈME", "d'obtenir un seul artefact supplémentaire"),
    # damaged
    (
        "damaged",
        "Les tableaux de dégâts des figurines de 10 PV ou plus sont supprimés",
        "PV ET DÉGRESSIVITÉ",
        "10 PV ou plus sont supprimés",
    ),
    ("damaged", "de ses armes à 1 tir", "PV ET DÉGRESSIVITÉ", "dont le profil donne 1 seul tir"),
    (
        "damaged",
        "tirent moitié moins",
        "PV ET DÉGRESSIVITÉ",
        "divise par deux (arrondi au supérieur) le nombre de tirs",
    ),
    (
        "damaged",
        "Même règle au corps-à-corps",
        "PV ET DÉGRESSIVITÉ",
        "ne peut combattre au corps-à-corps qu'avec la moitié",
    ),
    # modifiers
    (
        "modifiers",
        "valeurs fixées, puis multiplications et divisions",
        "BONUS ET MALUS",
        "qui multiplient et divisent le score",
    ),
    (
        "modifiers",
        "le total des bonus et malus reste entre -1 et +1",
        "BONUS ET MALUS",
        "au pire comme un malus effectif de -1",
    ),
    ("modifiers", "Un 1 naturel rate toujours", "JET AUTOMATIQUE", "est toujours un échec"),
    ("modifiers", "Touche automatiquement", "JET AUTOMATIQUE", "ne touche désormais plus automatiquement"),
    ("modifiers", "Un malus défensif qui couvrait plusieurs unités", "BONUS ET MALUS", "qu'à une seule unité amie"),
    ("modifiers", "gagnent 6 ps", "PORTÉE D'UNE RÈGLE", "augmentée de 6 ps"),
    ("modifiers", "chaque D3 d'attaques ou de dégâts par 2", "D3 ET D6", "remplacer chaque D3 par 2"),
    # saves
    ("saves", "la sauvegarde minimale de 4+", "TYPE DE SAUVEGARDE", "une sauvegarde minimale de 4+"),
    (
        "saves",
        "La PA ne dégrade que la sauvegarde d'armure",
        "PÉNÉTRATION D'ARMURE",
        "dégrade seulement les sauvegardes d'armure",
    ),
    (
        "saves",
        "armure 2+, invulnérable 3+, couvert 4+",
        "SAUVEGARDE MAXIMALE",
        "de 3+ pour une sauvegarde invulnérable",
    ),
    ("saves", "5+ derrière un décor, 6+ derrière une figurine amie", "COUVERT", "sauvegarde de couvert de 6+"),
    ("saves", "ne vaut plus que +(X-1)", "COUVERT", "devient un bonus de +1"),
    (
        "saves",
        "Au plus deux sauvegardes par blessure",
        "RELANCE ET CUMUL",
        "plus de deux sauvegardes contre une blessure",
    ),
    (
        "saves",
        "Au second jet, un 1 à 3 naturel échoue",
        "RELANCE ET CUMUL",
        "un jet naturel de 3- est toujours un échec",
    ),
    (
        "saves",
        "la plus faible des deux prend -1",
        "RELANCE ET CUMUL",
        "la plus faible des deux sauvegardes subit un malus de -1",
    ),
    (
        "saves",
        "-1 à cette sauvegarde au lieu de l'ignorer",
        "IGNORE LES...",
        "inflige un malus de -1 aux sauvegardes de couvert",
    ),
    ("saves", "Ignorer une PA -X donne +1", "IGNORE LES...", "donne désormais un bonus de +1"),
    # cancels
    ("cancels", "est une annulation de X+", "ANNULATION", "est désormais appelée une annulation de X+"),
    ("cancels", "Au plus deux annulations par blessure", "ANNULATION", "plus de deux annulations"),
    (
        "cancels",
        "Première annulation : un 1 à 4 naturel échoue",
        "ANNULATION",
        "un jet naturel de 4- est toujours un échec",
    ),
    (
        "cancels",
        "Deuxième ou relance : un 1 à 5 naturel échoue",
        "ANNULATION",
        "un jet naturel de 5- est toujours un échec",
    ),
    ("cancels", "peut servir d'annulation au même seuil", "ANNULATION", "en une annulation de X+"),
    ("cancels", "une seule par figurine et par tour", "RÉCUPÉRATION", "d'une seule récupération par tour"),
    # mortal wounds
    ("mortal-wounds", "Ignorent la sauvegarde d'armure", "BLESSURE MORTELLE", "ignore les sauvegardes d'armure"),
    (
        "mortal-wounds",
        "Donnent -1 à la sauvegarde invulnérable",
        "BLESSURE MORTELLE",
        "un malus de -1 à une sauvegarde invulnérable",
    ),
    ("mortal-wounds", "Au tir ou par un pouvoir psy", "BLESSURE MORTELLE", "provient d'un tir ou d'un pouvoir psy"),
    (
        "mortal-wounds",
        "Au corps-à-corps : aucun couvert",
        "BLESSURE MORTELLE",
        "ignore totalement les sauvegardes de couvert",
    ),
    ("mortal-wounds", "une blessure normale de 1 dégât", "BLESSURE MORTELLE", "avec des dégâts de 1"),
    ("mortal-wounds", "Redirection", "REDIRECTION", "la figurine éligible la plus proche"),
    # morale
    ("morale", "teste son moral", "TEST DE MORAL", "la moitié ou moins de ses PV initiaux"),
    ("morale", "2D6 inférieur ou égal au Cd", "TEST DE MORAL", "inférieur ou égal à son Cd"),
    ("morale", "sonnée jusqu'à la fin du tour suivant", "TEST DE MORAL", "est sonnée jusqu'à la fin du tour suivant"),
    (
        "morale",
        "Un 2 ou 3 naturel réussit toujours",
        "JET AUTOMATIQUE",
        "lors d'un test de moral est toujours une réussite",
    ),
    ("morale", "Ce qui augmentait le jet le diminue désormais", "TEST DE MORAL", "le diminue désormais d'autant"),
    ("morale", "2D6 naturel de 4 ou moins", "RÈGLES MODIFIÉES", "jet naturel de 4 ou moins avec les 2D6"),
    # shaken
    (
        "shaken",
        "que l'unité ennemie la plus proche",
        "UNITÉ SONNÉE",
        "elle ne peut cibler que l'unité ennemie la plus proche",
    ),
    (
        "shaken",
        "elle ne cible qu'elle-même ou l'unité amie la plus proche",
        "UNITÉ SONNÉE",
        "elle ne peut cibler qu'elle-même",
    ),
    ("shaken", "juste avant son activation", "UNITÉ SONNÉE", "juste avant que l'unité sonnée ne débute son activation"),
    ("shaken", "(jamais la sauvegarde minimale)", "UNITÉ SONNÉE", "autre que la sauvegarde minimale"),
    ("shaken", "Moitié moins de points de contrôle", "UNITÉ SONNÉE", "moitié moins de points de contrôle"),
    # scoring
    ("scoring-destruction", "Valeur d'un PV", "DESTRUCTION", "divisé par son nombre total de PV"),
    (
        "scoring-destruction",
        "unités non opérationnelles exclues",
        "DESTRUCTION",
        "sans compter les points des unités non opérationnelles",
    ),
    (
        "scoring-destruction",
        "ramené sur 10 et arrondi à l'inférieur",
        "DESTRUCTION",
        "ramenée sur 10 et arrondie à l'entier inférieur",
    ),
    ("scoring-destruction", "ne rapportent rien", "DESTRUCTION", "ne rapporte aucun point de destruction"),
    ("scoring-destruction", "compte comme détruite", "RÉSERVES", "est considérée comme détruite par l'ennemi"),
    ("scoring-destruction", "Mort subite", "NOMBRE DE TOURS", "il y a une mort subite"),
    ("scoring-destruction", "note sur 20 = destruction + domination", "VICTOIRE", "sa note finale sur 20"),
    ("scoring-domination", "6 objectifs, posés 3 par joueur en alternance", "DOMINATION", "3 pions objectifs"),
    ("scoring-domination", "1 point par objectif tenu", "DOMINATION", "après les tests de moral"),
    ("scoring-domination", "Total sur 36", "DOMINATION", "une note sur 36"),
    ("scoring-domination", "entièrement à 12 ps de l'objectif", "DOMINATION", "intégralement à 12 ps de cet objectif"),
    ("scoring-domination", "Troupes | 4 ×", "DOMINATION", "égal à 4 fois la valeur totale"),
    ("scoring-domination", "Aéronef | 1 ×", "DOMINATION", "égal à 1 fois la valeur totale"),
    ("scoring-domination", "autres rôles | 2 ×", "DOMINATION", "égal à 2 fois la valeur totale"),
    ("scoring-domination", "non opérationnelle | 0", "DOMINATION", "ne génère aucun point de contrôle"),
    (
        "scoring-domination",
        "Le camp qui fait le plus de points de contrôle",
        "DOMINATION",
        "génère le plus de points de contrôle",
    ),
    ("scoring-domination", "Une unité n'en tient qu'un seul", "DOMINATION", "ne peut contrôler qu'un seul objectif"),
    # wound table: the official table, unchanged by seed 000
    ("wound-table", "F au moins le double de E | 2+", OFFICIAL, None),
    ("wound-table", "F plus grande que E | 3+", OFFICIAL, None),
    ("wound-table", "F égale à E | 4+", OFFICIAL, None),
    ("wound-table", "F plus petite que E | 5+", OFFICIAL, None),
    ("wound-table", "F au plus la moitié de E | 6+", OFFICIAL, None),
    ("wound-table", "Bonus et malus plafonnés à ±1", "BONUS ET MALUS", "au mieux comme un bonus effectif"),
]


def _plain(text: str) -> str:
    return " ".join(text.replace("**", "").replace("*", "").replace("$", "").split())


def sentences(card: RuleCard) -> list[str]:
    """Each sentence of a card (a table row counts as one)."""
    out: list[str] = []
    for block in card.blocks:
        if block.table is not None:
            out += [" | ".join(row) for row in block.table.rows]
            continue
        texts = [block.text] if block.text else (block.items or [])
        for text in texts:
            out += [p for p in re.split(r"(?<=[.])\s+(?=[A-ZÀ-Ý«0-9-])", _plain(text)) if p.strip()]
    return out


@cache
def seed_sections() -> dict[str, str]:
    """Seed 000 by section heading (a heading used twice gathers both sections)."""
    found = sorted(SEEDS.glob("000_*.txt"))
    if not found:
        pytest.skip(f"seed 000 is not present in {SEEDS}")
    sections: dict[str, list[str]] = {}
    current = ""
    for line in found[0].read_text(encoding="utf-8").splitlines():
        stripped = line.strip()
        if stripped and "\t" not in line and stripped == stripped.upper() and any(c.isalpha() for c in stripped):
            current = stripped
            sections.setdefault(current, [])
            continue
        sections.setdefault(current, []).append(stripped)
    return {k: _plain(" ".join(v)) for k, v in sections.items()}


def test_every_claim_is_on_its_card_and_in_its_seed_section() -> None:
    cards = {c.id: c for c in load_rule_cards("fr")}
    sections = seed_sections()
    for card_id, piece, section, evidence in CLAIMS:
        assert card_id in cards, card_id
        said = [s for s in sentences(cards[card_id]) if piece in s]
        assert said, f"{card_id}: no sentence says {piece!r}"
        if section == OFFICIAL:
            continue
        assert section in sections, f"{card_id}: no section {section!r} in seed 000"
        assert evidence is not None and fold(evidence) in fold(sections[section]), (
            f"{card_id}: {evidence!r} is not in seed 000's section {section}"
        )


def test_every_sentence_of_every_card_has_a_source() -> None:
    by_card: dict[str, list[str]] = {}
    for card_id, piece, _, _ in CLAIMS:
        by_card.setdefault(card_id, []).append(piece)
    for card in load_rule_cards("fr"):
        for sentence in sentences(card):
            assert any(piece in sentence for piece in by_card.get(card.id, [])), (
                f"{card.id}: no claim covers {sentence!r}: add it to CLAIMS with its seed section"
            )


def test_the_fixed_points_of_the_issue_are_on_the_cards() -> None:
    text = {c.id: " ".join(sentences(c)) for c in load_rule_cards("fr")}
    # Only rules that "tend à diminuer" give 3"; numeric modifiers still apply.
    assert "tend à diminuer" in text["movement"] and "+X ou -X ps" in text["movement"]
    assert "Une réduction donne 3 ps" not in text["movement"]
    assert "après avoir combattu" in text["charge"] and "qui l'a chargée ce tour" in text["charge"]
    assert "elle-même" in text["shaken"]
    assert "ne peut jamais être un personnage indépendant" in text["character-activation"]
    for topic in (
        "transports",
        "transport-destroyed",
        "reserves",
        "psychic",
        "stratagems",
        "damaged",
        "characters",
        "deployment",
        "airborne",
        "fight",
    ):
        assert topic in text, topic


def test_seed_001_abilities_speak_the_game_s_terms() -> None:
    """Inches and models, not the other game's cm, stands, classes or orders; the card says what it reads."""
    for lang in ("fr", "en"):
        texts = load_ability_texts(lang)
        for key, entry in texts.items():
            body = entry.text
            assert not re.search(r"\d\s*cm\b", body), (lang, key, body)
            for word in ("socle", "stand", "Tir Appuyé", "Steady Fire", "ordre", "order"):
                assert word not in body, (lang, key, word)
            assert entry.reads.strip(), (lang, key)
        cover = fold(texts["ignore-les-couverts"].text)
        # The core card: a rule that ignores cover gives -1 to cover saves, it does not ignore them.
        assert "-1" in cover and ("sauvegarde de couvert" in cover or "cover save" in cover)
    assert set(load_ability_texts("fr")) == set(load_ability_texts("en"))


def test_ability_texts_cover_the_glossary(mini: object) -> None:
    from ost.core.catalogue import Catalogue

    assert isinstance(mini, Catalogue)
    keys = {entry.key for entry in mini.glossary.values()}
    assert keys <= set(load_ability_texts("fr"))
