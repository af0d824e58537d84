<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="fr_FR">
<context>
    <name>ArmyListModel</name>
    <message>
        <location filename="../../app/ost/gui/list_model.py" line="105" />
        <source>Unit</source>
        <extracomment>Emitted after every edit, so views can revalidate.</extracomment>
        <translation>Unité</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/list_model.py" line="105" />
        <source>Role</source>
        <translation>Rôle</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/list_model.py" line="105" />
        <source>Models</source>
        <translation>Figurines</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/list_model.py" line="105" />
        <source>Points</source>
        <translation>Points</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/list_model.py" line="105" />
        <source>With</source>
        <translation>Avec</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/list_model.py" line="129" />
        <source>Detachment %1</source>
        <translation>Détachement %1</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ost/gui/list_model.py" line="131" />
        <source>%n unit(s)</source>
        <translation><numerusform>%n unité</numerusform><numerusform>%n unités</numerusform></translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/list_model.py" line="148" />
        <source>Datasheet missing from the catalogue: %1</source>
        <translation>Fiche absente du catalogue : %1</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/list_model.py" line="151" />
        <source>Warlord</source>
        <translation>Seigneur de guerre</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/list_model.py" line="152" />
        <source>Reserve</source>
        <translation>Réserve</translation>
    </message>
</context>
<context>
    <name>CatalogueBrowser</name>
    <message>
        <location filename="../../app/ost/gui/catalogue_browser.py" line="27" />
        <source>Search the catalogue (name, keyword, faction)…</source>
        <translation>Chercher dans le catalogue (nom, mot-clef, faction)…</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/catalogue_browser.py" line="38" />
        <source>Add to the list</source>
        <translation>Ajouter à la liste</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/catalogue_browser.py" line="55" />
        <source>Datasheet</source>
        <translation>Fiche d'unité</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/catalogue_browser.py" line="55" />
        <source>Models</source>
        <translation>Figurines</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/catalogue_browser.py" line="55" />
        <source>Points</source>
        <translation>Points</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/catalogue_browser.py" line="79" />
        <source> [Legends]</source>
        <translation> [Legends]</translation>
    </message>
</context>
<context>
    <name>Commands</name>
    <message>
        <location filename="../../app/ost/gui/commands.py" line="34" />
        <source>Add %1</source>
        <extracomment>Unit fields the editor can change, and the core operation that changes each.</extracomment>
        <translation>Ajouter %1</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/commands.py" line="54" />
        <source>Remove %1</source>
        <translation>Retirer %1</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/commands.py" line="70" />
        <source>Move unit</source>
        <translation>Déplacer l'unité</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/commands.py" line="89" />
        <source>Edit unit</source>
        <translation>Modifier l'unité</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/commands.py" line="120" />
        <source>Change wargear</source>
        <translation>Changer l'équipement</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/commands.py" line="138" />
        <source>Change %1</source>
        <translation>Changer %1</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/commands.py" line="157" />
        <source>Edit list</source>
        <translation>Modifier la liste</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/commands.py" line="181" />
        <source>Add detachment</source>
        <translation>Ajouter un détachement</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/commands.py" line="197" />
        <source>Remove detachment</source>
        <translation>Retirer le détachement</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/commands.py" line="220" />
        <source>Rename detachment</source>
        <translation>Renommer le détachement</translation>
    </message>
</context>
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
        <location filename="../../app/ost/gui/main_window.py" line="83" />
        <location filename="../../app/ost/gui/main_window.py" line="517" />
        <source>New list</source>
        <translation>Nouvelle liste</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="94" />
        <source>Name of the list</source>
        <translation>Nom de la liste</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="99" />
        <source>no limit</source>
        <translation>sans limite</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="100" />
        <source> pts</source>
        <translation> pts</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ost/gui/main_window.py" line="419" />
        <source>%n datasheet(s) in the catalogue</source>
        <translation><numerusform>%n fiche dans le catalogue</numerusform><numerusform>%n fiches dans le catalogue</numerusform></translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="145" />
        <source>List</source>
        <translation>Liste</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="147" />
        <source>Limit</source>
        <translation>Limite</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="150" />
        <location filename="../../app/ost/gui/main_window.py" line="412" />
        <source>New detachment</source>
        <translation>Nouveau détachement</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="152" />
        <location filename="../../app/ost/gui/main_window.py" line="410" />
        <location filename="../../app/ost/gui/main_window.py" line="414" />
        <source>Remove</source>
        <translation>Retirer</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="165" />
        <source>Unit</source>
        <translation>Unité</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="190" />
        <source>&amp;File</source>
        <translation>&amp;Fichier</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="191" />
        <source>&amp;New list</source>
        <translation>&amp;Nouvelle liste</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="192" />
        <source>&amp;Open…</source>
        <translation>&amp;Ouvrir…</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="193" />
        <source>Open &amp;recent</source>
        <translation>Listes &amp;récentes</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="196" />
        <source>&amp;Save</source>
        <translation>&amp;Enregistrer</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="197" />
        <source>Save &amp;as…</source>
        <translation>Enregistrer &amp;sous…</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="199" />
        <source>&amp;Export</source>
        <translation>E&amp;xporter</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="201" />
        <source>Army &amp;sheet (PDF)…</source>
        <translation>&amp;Feuille d'armée (PDF)…</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="203" />
        <source>Reference &amp;cards (PDF)…</source>
        <translation>&amp;Cartes de référence (PDF)…</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="204" />
        <source>Check &amp;report (PDF)…</source>
        <translation>&amp;Rapport de vérification (PDF)…</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="206" />
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="208" />
        <source>&amp;Edit</source>
        <translation>É&amp;dition</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="209" />
        <source>&amp;Undo</source>
        <translation>&amp;Annuler</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="211" />
        <source>&amp;Redo</source>
        <translation>&amp;Rétablir</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="216" />
        <source>&amp;Find a datasheet</source>
        <translation>&amp;Chercher une fiche</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="217" />
        <source>New &amp;detachment</source>
        <translation>Nouveau &amp;détachement</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="218" />
        <source>&amp;Remove the selection</source>
        <translation>&amp;Retirer la sélection</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="220" />
        <source>&amp;Catalogue</source>
        <translation>&amp;Catalogue</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="222" />
        <source>&amp;Import BattleScribe data (folder)…</source>
        <translation>&amp;Importer des données BattleScribe (dossier)…</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="225" />
        <source>Import BattleScribe &amp;files…</source>
        <translation>Importer des &amp;fichiers BattleScribe…</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="228" />
        <source>&amp;Help</source>
        <translation>&amp;Aide</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="229" />
        <source>&amp;About Ost</source>
        <translation>À &amp;propos d'Ost</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="232" />
        <source>Welcome to Ost</source>
        <translation>Bienvenue dans Ost</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="234" />
        <source>Browse the unit catalogue on the left, or type a name, a keyword or a faction in the search box. Select a datasheet to see its profile, weapons, abilities and keywords.</source>
        <translation>Parcourez le catalogue des unités à gauche, ou tapez un nom, un mot-clef ou une faction dans la recherche. Choisissez une fiche pour voir son profil, ses armes, ses capacités et ses mots-clefs.</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="243" />
        <source>About Ost</source>
        <translation>À propos d'Ost</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="243" />
        <source>Ost %1 — army lists for MAC HAMMER 40K.</source>
        <translation>Ost %1 — listes d'armée pour MAC HAMMER 40K.</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="303" />
        <source>Untitled list</source>
        <translation>Liste sans nom</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ost/gui/main_window.py" line="340" />
        <source>Remove %n unit(s)</source>
        <translation><numerusform>Retirer %n unité</numerusform><numerusform>Retirer %n unités</numerusform></translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="393" />
        <source>Rename detachment</source>
        <translation>Renommer le détachement</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="393" />
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="402" />
        <source>Move to</source>
        <translation>Déplacer vers</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="404" />
        <source>Detachment %1</source>
        <translation>Détachement %1</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="439" />
        <source>BattleScribe files</source>
        <translation>Fichiers BattleScribe</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="441" />
        <source>BattleScribe data (*.gst *.cat *.gstz *.catz);;All files (*)</source>
        <translation>Données BattleScribe (*.gst *.cat *.gstz *.catz);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="445" />
        <source>Folder of BattleScribe data</source>
        <translation>Dossier de données BattleScribe</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="452" />
        <source>Reading BattleScribe data…</source>
        <translation>Lecture des données BattleScribe…</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="460" />
        <source>Reading %1</source>
        <translation>Lecture de %1</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="469" />
        <source>Import failed</source>
        <translation>Échec de l'import</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="475" />
        <source>Import finished</source>
        <translation>Import terminé</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="476" />
        <source>%1 datasheet(s) imported from %2 catalogue(s); %3 warning(s). The catalogue has %4 datasheets.</source>
        <translation>%1 fiche(s) importée(s) de %2 catalogue(s) ; %3 avertissement(s). Le catalogue compte %4 fiches.</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="490" />
        <source>Export as PDF</source>
        <translation>Exporter en PDF</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="490" />
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="507" />
        <source>Cannot write the PDF</source>
        <translation>Impossible d'écrire le PDF</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="509" />
        <source>PDF written to %1</source>
        <translation>PDF écrit dans %1</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="524" />
        <source>Open a list</source>
        <translation>Ouvrir une liste</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="524" />
        <source>Army lists (*.ost *.ros *.rosz *.txt);;All files (*)</source>
        <translation>Listes d'armée (*.ost *.ros *.rosz *.txt);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="538" />
        <source>Cannot open the list</source>
        <translation>Impossible d'ouvrir la liste</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="549" />
        <source>How the list was read</source>
        <translation>Lecture de la liste</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="561" />
        <source>(none)</source>
        <translation>(aucun)</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="573" />
        <source>Save the list</source>
        <translation>Enregistrer la liste</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="573" />
        <source>Ost lists (*.ost)</source>
        <translation>Listes Ost (*.ost)</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="587" />
        <source>Cannot save the list</source>
        <translation>Impossible d'enregistrer la liste</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="596" />
        <source>Saved to %1</source>
        <translation>Enregistrée dans %1</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="607" />
        <source>Unsaved changes</source>
        <translation>Modifications non enregistrées</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="608" />
        <source>The list “%1” has unsaved changes. Save them?</source>
        <translation>La liste « %1 » a des modifications non enregistrées. Les enregistrer ?</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="625" />
        <source>a list never saved</source>
        <translation>une liste jamais enregistrée</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="628" />
        <source>Recover unsaved work?</source>
        <translation>Récupérer le travail non enregistré ?</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="629" />
        <source>Ost found unsaved changes to “%1” (%2) from %3. Recover them?</source>
        <translation>Ost a trouvé des modifications non enregistrées de « %1 » (%2) datant de %3. Les récupérer ?</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="166" />
        <source>Datasheet</source>
        <translation>Fiche d'unité</translation>
    </message>
</context>
<context>
    <name>ReportView</name>
    <message>
        <location filename="../../app/ost/gui/report_view.py" line="49" />
        <source>none</source>
        <translation>aucune</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/report_view.py" line="56" />
        <source>%1 points, band %2, %3 error(s), %4 warning(s)</source>
        <translation>%1 points, tranche %2, %3 erreur(s), %4 avertissement(s)</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/report_view.py" line="71" />
        <source>No problem found.</source>
        <translation>Aucun problème trouvé.</translation>
    </message>
</context>
<context>
    <name>UnitEditor</name>
    <message>
        <location filename="../../app/ost/gui/unit_editor.py" line="67" />
        <source>&lt;i&gt;Select a unit of the list to edit it.&lt;/i&gt;</source>
        <translation>&lt;i&gt;Choisissez une unité de la liste pour la modifier.&lt;/i&gt;</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/unit_editor.py" line="76" />
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/unit_editor.py" line="82" />
        <source>From %1 to %2 models</source>
        <translation>De %1 à %2 figurines</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/unit_editor.py" line="84" />
        <source>Models (%1–%2)</source>
        <translation>Figurines (%1–%2)</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/unit_editor.py" line="91" />
        <source> each</source>
        <translation> chacune</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/unit_editor.py" line="96" />
        <source>e.g. ULTRAMARINES</source>
        <translation>p. ex. ULTRAMARINES</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/unit_editor.py" line="105" />
        <source>Assigned transport</source>
        <translation>Transport assigné</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/unit_editor.py" line="110" />
        <source>Linked to</source>
        <translation>Lié à</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/unit_editor.py" line="112" />
        <source>Warlord</source>
        <translation>Seigneur de guerre</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/unit_editor.py" line="114" />
        <source>In reserve</source>
        <translation>En réserve</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/unit_editor.py" line="132" />
        <source>not in the catalogue</source>
        <translation>absente du catalogue</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/unit_editor.py" line="168" />
        <source>(none)</source>
        <translation>(aucun)</translation>
    </message>
</context>
</TS>