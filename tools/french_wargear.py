"""French names for wargear the shipped catalogue does not name yet (our own words, standard French 40k terms).

Used by ``tools/wargear_from_data.py``: a name found in the shipped catalogue
(a weapon's ``name_en``, an item's) wins; these fill the rest. Composite names
of the data ("2x Heavy Bolters", "Laspistol and Chainsword", "Twin lascannon")
are put together from the words below by :func:`french`.
"""

from __future__ import annotations

import re

#: English name (folded) -> French name.
WORDS: dict[str, str] = {
    # Imperium
    "boltgun": "Bolter",
    "bolt pistol": "Pistolet bolter",
    "bolt rifle": "Fusil bolter",
    "storm bolter": "Fulgurant",
    "hurricane bolter": "Bolter ouragan",
    "heavy bolter": "Bolter lourd",
    "heavy flamer": "Lance-flammes lourd",
    "flamer": "Lance-flammes",
    "hand flamer": "Pistolet-flammes",
    "meltagun": "Fuseur",
    "multi-melta": "Multi-fuseur",
    "melta cannon": "Canon fuseur",
    "inferno pistol": "Pistolet inferno",
    "plasma gun": "Fusil à plasma",
    "plasma pistol": "Pistolet à plasma",
    "plasma cannon": "Canon à plasma",
    "heavy plasma cannon": "Canon à plasma lourd",
    "militarum plasma cannon": "Canon à plasma du Militarum",
    "executioner plasma cannon": "Canon à plasma Executioner",
    "grav-gun": "Fusil à gravitons",
    "grav-pistol": "Pistolet à gravitons",
    "grav-cannon": "Canon à gravitons",
    "missile launcher": "Lance-missiles",
    "cyclone missile launcher": "Lance-missiles Cyclone",
    "typhoon missile launcher": "Lance-missiles Typhoon",
    "skyhammer missile launcher": "Lance-missiles Skyhammer",
    "stormstrike missile launcher": "Lance-missiles Stormstrike",
    "hammerfall missile launcher": "Lance-missiles Hammerfall",
    "hammerfall heavy bolter array": "Batterie de bolters lourds Hammerfall",
    "hammerfall heavy flamer array": "Batterie de lance-flammes lourds Hammerfall",
    "deathwind launcher": "Lanceur Deathwind",
    "lascannon": "Canon laser",
    "icarus lascannon": "Canon laser Icarus",
    "icarus rocket pod": "Nacelle de roquettes Icarus",
    "icarus stormcannon": "Canon tempête Icarus",
    "vendetta twin lascannon": "Canon laser jumelé de Vendetta",
    "vendetta hellstrike rack": "Rampe de missiles Hellstrike de Vendetta",
    "autocannon": "Autocanon",
    "exterminator autocannon": "Autocanon Exterminator",
    "lasgun": "Fusil laser",
    "laspistol": "Pistolet laser",
    "hot-shot laspistol": "Pistolet laser à haute énergie",
    "hot-shot volley gun": "Fusil laser de salve à haute énergie",
    "hot-shot lasgun": "Fusil laser à haute énergie",
    "lasgun arrays": "Batteries de fusils laser",
    "autogun": "Autofusil",
    "drum-fed autogun": "Autofusil à tambour",
    "autopistol": "Autopistolet",
    "auto pistol": "Autopistolet",
    "servo-stubber": "Servo-mitrailleuse",
    "heavy stubber": "Mitrailleuse lourde",
    "ironhail heavy stubber": "Mitrailleuse lourde Ironhail",
    "multi-laser": "Multi-laser",
    "militarum multi-laser": "Multi-laser du Militarum",
    "chimera multi-laser": "Multi-laser de Chimera",
    "chimera heavy bolter": "Bolter lourd de Chimera",
    "chimera heavy flamer": "Lance-flammes lourd de Chimera",
    "grenade launcher": "Lance-grenades",
    "mortar": "Mortier",
    "sniper rifle": "Fusil de sniper",
    "chem cannon": "Canon chimique",
    "eradicator nova cannon": "Canon nova Eradicator",
    "battle cannon": "Canon de bataille",
    "leman russ battle cannon": "Canon de bataille de Leman Russ",
    "demolisher battle cannon": "Canon de bataille Demolisher",
    "vanquisher battle cannon": "Canon de bataille Vanquisher",
    "stygies vanquisher battlecannon": "Canon de bataille Vanquisher de Stygies",
    "artemia inferno cannon": "Canon inferno Artemia",
    "punisher gatling cannon": "Canon Gatling Punisher",
    "onslaught gatling cannon": "Canon Gatling Onslaught",
    "hunter-killer missile": "Missile traqueur",
    "fragstorm grenade launcher": "Lance-grenades Fragstorm",
    "multiple rocket pod": "Nacelle de roquettes multiples",
    "las-ripper": "Déchireur laser",
    "plasma eradicator": "Éradicateur à plasma",
    "chainsword": "Épée tronçonneuse",
    "astartes chainsword": "Épée tronçonneuse Astartes",
    "eviscerator": "Éviscérateur",
    "chainfist": "Poing tronçonneur",
    "power sword": "Épée énergétique",
    "power axe": "Hache énergétique",
    "power maul": "Masse énergétique",
    "power fist": "Gantelet énergétique",
    "power sabre": "Sabre énergétique",
    "lightning claw": "Griffe éclair",
    "thunder hammer": "Marteau tonnerre",
    "relic blade": "Lame relique",
    "force axe": "Hache de force",
    "force sword": "Épée de force",
    "force stave": "Bâton de force",
    "goad lance": "Lance-aiguillon",
    "hunting lance": "Lance de chasse",
    "storm shield": "Bouclier tempête",
    "combat shield": "Bouclier de combat",
    "servo-harness": "Servo-harnais",
    "dreadnought combat weapon": "Arme de combat de Dreadnought",
    "frag & krak grenades": "Grenades frag et antichar",
    "jump pack": "Réacteurs dorsaux",
    "teleport homer": "Balise de téléportation",
    "armorium cherub": "Chérubin d'armurerie",
    "infiltrator comms array": "Antenne de communication d'Infiltrators",
    "helix gauntlet": "Gantelet Helix",
    "regimental standard": "Étendard du régiment",
    "master vox": "Maître-vox",
    "medi-pack": "Médi-paquetage",
    "vox-caster": "Vox",
    "dozer blade": "Lame de bulldozer",
    "armoured tracks": "Chenilles blindées",
    "adamantine tracks": "Chenilles d'adamantium",
    "track guards": "Garde-chenilles",
    "augur array": "Augure",
    "smoke launchers": "Lance-fumigènes",
    "camo netting": "Filet de camouflage",
    "commanding authority": "Autorité de commandement",
    "chapter command: master of the forge": "Commandement de Chapitre : Maître de la Forge",
    "nebuloscope": "Nébuloscope",
    "roof hatch": "Trappe de toit",
    "comms antenna": "Antenne de communication",
    "twin heavy bolter": "Bolter lourd jumelé",
    "twin heavy flamer": "Lance-flammes lourd jumelé",
    "twin lascannon": "Canon laser jumelé",
    "twin multi-melta": "Multi-fuseur jumelé",
    "twin heavy plasma cannon": "Canon à plasma lourd jumelé",
    "twin assault cannon": "Canon d'assaut jumelé",
    "assault cannon": "Canon d'assaut",
    "twin boltgun": "Bolter jumelé",
    "conversion beamer": "Projecteur à conversion",
    "preacher shotgun": "Fusil à pompe de prêtre",
    "heavy bolt pistol": "Pistolet bolter lourd",
    # Necrons
    "gauss flayer": "Écorcheur gauss",
    "gauss reaper": "Faucheur gauss",
    "gauss blaster": "Blaster gauss",
    "relic gauss blaster": "Blaster gauss relique",
    "gauss flux arc": "Arc de flux gauss",
    "tesla carbine": "Carabine tesla",
    "twin tesla carbine": "Carabine tesla jumelée",
    "tesla cannon": "Canon tesla",
    "death ray": "Rayon de la mort",
    "voidblade": "Lame du vide",
    "particle caster": "Projecteur de particules",
    "hyperphase sword": "Épée hyperphase",
    "hyperphase glaive": "Glaive hyperphase",
    "dispersion shield": "Bouclier de dispersion",
    "tachyon arrow": "Flèche tachyon",
    "transdimensional beamer": "Projecteur transdimensionnel",
    "transdimensional abductor": "Ravisseur transdimensionnel",
    "whip coils": "Anneaux fouets",
    "flensing claw": "Griffe écorcheuse",
    "portal of exile": "Portail d'exil",
    "resurrection orb": "Orbe de résurrection",
    "shieldvanes": "Pales-boucliers",
    "shadowloom": "Ombre-métier",
    "canoptek cloak": "Cape canoptek",
    "canoptek control node": "Nœud de contrôle canoptek",
    "arkana: cortical subjugator scarabs": "Arkana : Scarabées subjugateurs corticaux",
    "arkana: cryptogeometric adjuster": "Arkana : Ajusteur cryptogéométrique",
    "arkana: dimensional sanctum": "Arkana : Sanctuaire dimensionnel",
    "arkana: fail-safe overcharger": "Arkana : Surchargeur de secours",
    "arkana: hypermaterial ablator": "Arkana : Ablateur hypermatériel",
    "arkana: photonic transubjector": "Arkana : Transsubjecteur photonique",
    "arkana: phylacterine hive": "Arkana : Ruche phylactérine",
    "arkana: prismatic obfuscatron": "Arkana : Obfuscatron prismatique",
    # Orks
    "'ard case": "Koque blindée",
    "ammo runt": "Grot à munitions",
    "grot orderly": "Grot infirmier",
    "bomb squig": "Squig bombe",
    "big bomb": "Grosse bombe",
    "burna bomb": "Bombe à krameur",
    "frag bombs": "Bombes frag",
    "brute shield": "Bouclier de brute",
    "slabshield": "Bouclier-dalle",
    "beast snagga klaw": "Pince de Beast Snagga",
    "dread klaw": "Pince de dread",
    "grabbin' klaw": "Pince attrapeuse",
    "wreckin' ball": "Boule de démolition",
    "deff rolla": "Rouleau de la mort",
    "grotzooka": "Grotzooka",
    "kannon": "Kanon",
    "lobba": "Lobba",
    "zzap gun": "Kanon zzap",
    "power stabba": "Lame énergétik",
    "supa-gatler": "Supa-gatler",
    "supa shoota": "Supa fling",
    "additional supa shoota": "Supa fling supplémentaire",
    "thump gun": "Lance-bombe",
    "twin big shoota": "Gros fling jumelé",
    "big shoota": "Gros fling",
    "mekboy workbench": "Établi de mékano",
    "scrap barricade": "Barricade de ferraille",
    "scrap pile": "Tas de ferraille",
    "enhanced runt-sucker": "Suceur de grot amélioré",
    "extra-kustom weapon": "Arme extra-kustom",
    "'orrible gitz": "Sales gitz",
    "big krumpaz": "Gros krumpaz",
    "boom boyz": "Boyz boum",
    "flyboyz": "Flyboyz",
    "madboyz": "Boyz fêlés",
    "more dakka": "Plus d'dakka",
    "pyromaniacs": "Pyromanes",
    "sneaky gitz": "Gitz sournois",
    "trukk boyz": "Boyz de trukk",
    "fortress on wheels": "Forteresse sur roues",
    "shokka hull": "Koque shokka",
    "squig-hide tyres": "Pneus en peau de squig",
    "stompamatic pistons": "Pistons piétinatiks",
}

_NUMBER = re.compile(r"^(?:(\d+)x?|two|three|four)\s+(.+)$", re.IGNORECASE)
_WORD_NUMBERS = {"two": 2, "three": 3, "four": 4}


def fold(text: str) -> str:
    return " ".join(text.replace("’", "'").casefold().split())


def _singular(name: str) -> str:
    """The singular of a plural name the table knows: «Heavy Bolters» -> «heavy bolter»."""
    key = fold(name)
    if key in WORDS:
        return key
    for cut in ("es", "s"):
        if key.endswith(cut) and key[: -len(cut)] in WORDS:
            return key[: -len(cut)]
    # "Twin Heavy Bolter Sponsons"
    key = re.sub(r"\s+sponsons?$", "", key)
    return key[:-1] if key.endswith("s") and key[:-1] in WORDS else key


def french(name: str, known: dict[str, str]) -> str | None:
    """The French of an English wargear name, from ``known`` (the shipped catalogue's) and :data:`WORDS`.

    None when some part has no French name yet.
    """
    table = {**WORDS, **known}
    key = fold(name)
    if key in table:
        return table[key]
    legends = re.match(r"^(.*?)\s*\[legends\]$", key)
    if legends:
        inner = french(legends.group(1), known)
        return None if inner is None else f"{inner} [Légendes]"
    counted = _NUMBER.match(key)
    if counted:
        number = counted.group(1) or str(_WORD_NUMBERS[key.split()[0]])
        rest = french(_singular(counted.group(2)), known)
        if rest is None:
            rest_parts = _joined(counted.group(2), known)
            if rest_parts is None:
                return None
            rest = rest_parts
        return f"{number} × {rest}"
    joined = _joined(key, known)
    if joined is not None:
        return joined
    bracket = re.match(r"^(.*?)\s+\(([^)]+)\)$", key)
    if bracket:
        inner = french(bracket.group(1), known)
        return None if inner is None else f"{inner} ({bracket.group(2).capitalize()})"
    sponson = re.match(r"^(.*?)\s+sponsons?$", key)
    if sponson:
        inner = french(_singular(sponson.group(1)), known)
        return None if inner is None else f"{inner} de flanc"
    single = _singular(key)
    return table.get(single)


def _joined(key: str, known: dict[str, str]) -> str | None:
    """Each part of a joined name translated: «laspistol and chainsword», «a, b and c», «x & y», «x w/ y»."""
    for joiner, word in ((" w/ ", " avec "), (" and ", " et "), (" & ", " et ")):
        if joiner in key:
            parts = [p.strip() for chunk in key.split(joiner) for p in chunk.split(",") if p.strip()]
            words = [french(p, known) for p in parts]
            if any(w is None for w in words):
                return None
            shown = [w for w in words if w is not None]
            if len(shown) > 2:
                return ", ".join(shown[:-1]) + word + shown[-1]
            return word.join(shown)
    return None
