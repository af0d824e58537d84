<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="fr_FR">
<context>
    <name>DatasheetView</name>
    <message>
        <location filename="../../app/ost/gui/datasheet_view.py" line="17" />
        <source>(+%1 per extra model)</source>
        <translation>(+%1 par figurine en plus)</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/datasheet_view.py" line="18" />
        <source>class</source>
        <translation>classe</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/datasheet_view.py" line="19" />
        <source>Models</source>
        <translation>Figurines</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/datasheet_view.py" line="20" />
        <source>Points</source>
        <translation>Points</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/datasheet_view.py" line="21" />
        <source>Wounds per model</source>
        <translation>PV par figurine</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/datasheet_view.py" line="22" />
        <source>WS</source>
        <translation>CC</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/datasheet_view.py" line="23" />
        <source>BS</source>
        <translation>CT</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/datasheet_view.py" line="24" />
        <source>S</source>
        <translation>F</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/datasheet_view.py" line="25" />
        <source>T</source>
        <translation>E</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/datasheet_view.py" line="26" />
        <source>W</source>
        <translation>PV</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/datasheet_view.py" line="27" />
        <source>Ld</source>
        <translation>Cd</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/datasheet_view.py" line="28" />
        <source>Sv</source>
        <translation>Sv</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/datasheet_view.py" line="29" />
        <source>Weapon</source>
        <translation>Arme</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/datasheet_view.py" line="30" />
        <source>Range</source>
        <translation>Portée</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/datasheet_view.py" line="31" />
        <source>Type</source>
        <translation>Type</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/datasheet_view.py" line="32" />
        <source>AP</source>
        <translation>PA</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/datasheet_view.py" line="33" />
        <source>Abilities</source>
        <translation>Capacités</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/datasheet_view.py" line="34" />
        <source>Weapons</source>
        <translation>Armes</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/datasheet_view.py" line="35" />
        <source>Transport capacity</source>
        <translation>Capacité de transport</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/datasheet_view.py" line="36" />
        <source>forbidden:</source>
        <translation>interdits :</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/datasheet_view.py" line="37" />
        <source>%1 places</source>
        <translation>%1 places</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/datasheet_view.py" line="38" />
        <source>Keywords</source>
        <translation>Mots-clefs</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/datasheet_view.py" line="39" />
        <source>Faction keywords</source>
        <translation>Mots-clefs de faction</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/datasheet_view.py" line="40" />
        <source>Never holds objectives (non-operational).</source>
        <translation>Ne tient jamais les objectifs (non opérationnelle).</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="34" />
        <source>Ost — MAC HAMMER 40K army lists</source>
        <translation>Ost — listes d'armée MAC HAMMER 40K</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="38" />
        <source>Search the catalogue (name, keyword, faction)…</source>
        <translation>Chercher dans le catalogue (nom, mot-clef, faction)…</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ost/gui/main_window.py" line="67" />
        <source>%n datasheet(s) in the catalogue</source>
        <translation><numerusform>%n fiche dans le catalogue</numerusform><numerusform>%n fiches dans le catalogue</numerusform></translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="73" />
        <source>&amp;File</source>
        <translation>&amp;Fichier</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="74" />
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="78" />
        <source>&amp;Find a datasheet</source>
        <translation>&amp;Chercher une fiche</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="82" />
        <source>&amp;Help</source>
        <translation>&amp;Aide</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="83" />
        <source>&amp;About Ost</source>
        <translation>À &amp;propos d'Ost</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="88" />
        <source>Welcome to Ost</source>
        <translation>Bienvenue dans Ost</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="90" />
        <source>Browse the unit catalogue on the left, or type a name, a keyword or a faction in the search box. Select a datasheet to see its profile, weapons, abilities and keywords.</source>
        <translation>Parcourez le catalogue des unités à gauche, ou tapez un nom, un mot-clef ou une faction dans la recherche. Choisissez une fiche pour voir son profil, ses armes, ses capacités et ses mots-clefs.</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="100" />
        <source>About Ost</source>
        <translation>À propos d'Ost</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="101" />
        <source>Ost %1 — army lists for MAC HAMMER 40K.</source>
        <translation>Ost %1 — listes d'armée pour MAC HAMMER 40K.</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="107" />
        <source>Datasheet</source>
        <translation>Fiche d'unité</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="107" />
        <source>Models</source>
        <translation>Figurines</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="107" />
        <source>Points</source>
        <translation>Points</translation>
    </message>
</context>
</TS>