<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr_FR">
<context>
    <name>ArmyListModel</name>
    <message>
        <location filename="../../app/ost/gui/list_model.py" line="199"/>
        <source>Unit</source>
        <extracomment>Price units as their list stated (View ▸ List prices), as the verdict does, so rows and total agree.</extracomment>
        <translation>Unité</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/list_model.py" line="200"/>
        <source>Role</source>
        <translation>Rôle</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/list_model.py" line="201"/>
        <source>Models</source>
        <translation>Figurines</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/list_model.py" line="202"/>
        <source>Points</source>
        <translation>Points</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/list_model.py" line="203"/>
        <source>Wargear</source>
        <translation>Équipement</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/list_model.py" line="204"/>
        <source>With</source>
        <translation>Avec</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/list_model.py" line="236"/>
        <source>Detachment %1</source>
        <translation>Détachement %1</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ost/gui/list_model.py" line="238"/>
        <source>%n unit(s)</source>
        <translation>
            <numerusform>%n unité</numerusform>
            <numerusform>%n unités</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/list_model.py" line="327"/>
        <source>Datasheet missing from the catalogue: %1</source>
        <translation>Fiche absente du catalogue : %1</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/list_model.py" line="317"/>
        <source>Warlord</source>
        <translation>Seigneur de guerre</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/list_model.py" line="114"/>
        <source>option not in the catalogue</source>
        <extracomment>Columns, the numbers first: in a narrow window the view scrolls sideways and the last ones go first. The mime type of units dragged inside the list (their ids, one a line). Emitted after every edit, so views can revalidate. Units dropped on a detachment: (unit ids, detachment id, row or -1 for the end). Datasheets dragged from the catalogue onto a detachment: (datasheet ids, detachment id). Says the findings&apos; keywords in ``lang`` in the units&apos; tooltips. unit id -&gt; &quot;message — how to fix it&quot; lines of the findings naming it. How many rows the last refresh repainted (for tests and the benchmark). Unit points by unit id while a refresh runs (each unit is priced once, not per column).</extracomment>
        <translation>option absente du catalogue</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/list_model.py" line="318"/>
        <source>Reserve</source>
        <translation>Réserve</translation>
    </message>
</context>
<context>
    <name>CatalogueBrowser</name>
    <message>
        <location filename="../../app/ost/gui/catalogue_browser.py" line="326"/>
        <source>Search the catalogue (name, keyword, faction)…</source>
        <extracomment>The mime type of datasheets dragged from the catalogue (their ids, one a line); the list adds them. The folded text a datasheet row is searched by (name, aliases, faction, keywords). Milliseconds of quiet typing before the tree is filtered. The narrowest the pane gets, so datasheet names are never cut to nothing. Under this width the pane hides its size column. How many screens of search results are unfolded ahead of the one shown.</extracomment>
        <translation>Chercher dans le catalogue (nom, mot-clef, faction)…</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/catalogue_browser.py" line="335"/>
        <source>Size</source>
        <translation>Taille</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/catalogue_browser.py" line="335"/>
        <source>Pts</source>
        <translation>Pts</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/catalogue_browser.py" line="336"/>
        <source>Models in the unit</source>
        <translation>Figurines de l&apos;unité</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/catalogue_browser.py" line="366"/>
        <source>Add to the list</source>
        <translation>Ajouter à la liste</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/catalogue_browser.py" line="422"/>
        <source>Loading the catalogue…</source>
        <translation>Chargement du catalogue…</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ost/gui/catalogue_browser.py" line="466"/>
        <location filename="../../app/ost/gui/catalogue_browser.py" line="472"/>
        <source>%n datasheet(s)</source>
        <translation>
            <numerusform>%n fiche</numerusform>
            <numerusform>%n fiches</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/catalogue_browser.py" line="497"/>
        <source>Ost catalogue</source>
        <translation>Catalogue Ost</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/catalogue_browser.py" line="335"/>
        <source>Datasheet</source>
        <translation>Fiche d&apos;unité</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/catalogue_browser.py" line="336"/>
        <source>Points</source>
        <translation>Points</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/catalogue_browser.py" line="459"/>
        <source> [Legends]</source>
        <translation> [Legends]</translation>
    </message>
</context>
<context>
    <name>Commands</name>
    <message>
        <location filename="../../app/ost/gui/commands.py" line="58"/>
        <source>Add %1</source>
        <extracomment>The unit fields the editor can change (a wrong name is a type error, not a runtime one). The list fields the window can change. Unit fields the editor can change, and the core operation that changes each.</extracomment>
        <translation>Ajouter %1</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/commands.py" line="78"/>
        <source>Remove %1</source>
        <translation>Retirer %1</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/commands.py" line="94"/>
        <source>Move unit</source>
        <translation>Déplacer l&apos;unité</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/commands.py" line="113"/>
        <source>Edit unit</source>
        <translation>Modifier l&apos;unité</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/commands.py" line="146"/>
        <location filename="../../app/ost/gui/commands.py" line="198"/>
        <location filename="../../app/ost/gui/commands.py" line="217"/>
        <source>Change wargear</source>
        <translation>Changer l&apos;équipement</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/commands.py" line="237"/>
        <source>Default wargear</source>
        <translation>Équipement par défaut</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/commands.py" line="249"/>
        <source>Duplicate %1</source>
        <translation>Dupliquer %1</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/commands.py" line="263"/>
        <source>Change %1</source>
        <translation>Changer %1</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/commands.py" line="282"/>
        <source>Edit list</source>
        <translation>Modifier la liste</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/commands.py" line="306"/>
        <source>Add detachment</source>
        <translation>Ajouter un détachement</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/commands.py" line="322"/>
        <source>Remove detachment</source>
        <translation>Retirer le détachement</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/commands.py" line="345"/>
        <source>Rename detachment</source>
        <translation>Renommer le détachement</translation>
    </message>
</context>
<context>
    <name>Dialogs</name>
    <message>
        <location filename="../../app/ost/gui/dialogs.py" line="95"/>
        <source>Marks: “~” a name read with doubt (the closest datasheet, with how sure Ost is); “?” a unit not in the catalogue (kept as the list gives it) or a line not understood (left out); “!” something Ost assumed or changed (a transport or a linked character the list does not give, a price).</source>
        <translation>Repères : « ~ » un nom lu avec un doute (la fiche la plus proche, avec la certitude d&apos;Ost) ; « ? » une unité absente du catalogue (gardée telle que la liste la donne) ou une ligne non comprise (laissée de côté) ; « ! » ce qu&apos;Ost a supposé ou changé (un transport ou un personnage lié que la liste ne donne pas, un prix).</translation>
    </message>
</context>
<context>
    <name>Documents</name>
    <message>
        <location filename="../../app/ost/gui/documents.py" line="114"/>
        <source>Open a list</source>
        <translation>Ouvrir une liste</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/documents.py" line="138"/>
        <source>Cannot open the list</source>
        <translation>Impossible d&apos;ouvrir la liste</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ost/gui/documents.py" line="163"/>
        <source>The catalogue changed since this list was saved (%n change(s)); the verdict uses today&apos;s catalogue.</source>
        <translation>
            <numerusform>Le catalogue a changé depuis l&apos;enregistrement de la liste (%n changement) ; le verdict suit le catalogue d&apos;aujourd&apos;hui.</numerusform>
            <numerusform>Le catalogue a changé depuis l&apos;enregistrement de la liste (%n changements) ; le verdict suit le catalogue d&apos;aujourd&apos;hui.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/documents.py" line="169"/>
        <source>Changes since the list was saved</source>
        <translation>Changements depuis l&apos;enregistrement de la liste</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/documents.py" line="180"/>
        <source>(none)</source>
        <translation>(aucun)</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/documents.py" line="189"/>
        <source>Reading report</source>
        <translation>Rapport de lecture</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/documents.py" line="202"/>
        <location filename="../../app/ost/gui/documents.py" line="209"/>
        <source>Check a pasted list</source>
        <translation>Vérifier une liste collée</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/documents.py" line="202"/>
        <source>The clipboard holds no text.</source>
        <translation>Le presse-papiers ne contient pas de texte.</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/documents.py" line="207"/>
        <source>clipboard</source>
        <translation>presse-papiers</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/documents.py" line="229"/>
        <source>Save the list</source>
        <translation>Enregistrer la liste</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/documents.py" line="229"/>
        <source>Ost lists (*.ost)</source>
        <translation>Listes Ost (*.ost)</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/documents.py" line="243"/>
        <source>Cannot save the list</source>
        <translation>Impossible d&apos;enregistrer la liste</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/documents.py" line="252"/>
        <source>Saved to %1</source>
        <translation>Enregistrée dans %1</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/documents.py" line="263"/>
        <location filename="../../app/ost/gui/documents.py" line="294"/>
        <source>Unsaved changes</source>
        <translation>Modifications non enregistrées</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/documents.py" line="264"/>
        <source>The list “%1” has unsaved changes. Save them?</source>
        <translation>La liste « %1 » a des modifications non enregistrées. Les enregistrer ?</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/documents.py" line="296"/>
        <source>a list never saved</source>
        <translation>une liste jamais enregistrée</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/documents.py" line="299"/>
        <source>Recover unsaved work?</source>
        <translation>Récupérer le travail non enregistré ?</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/documents.py" line="300"/>
        <source>Ost found unsaved changes to “%1” (%2) from %3. Recover them?</source>
        <translation>Ost a trouvé des modifications non enregistrées de « %1 » (%2) datant de %3. Les récupérer ?</translation>
    </message>
</context>
<context>
    <name>Importer</name>
    <message numerus="yes">
        <location filename="../../app/ost/gui/importing.py" line="170"/>
        <source>, and %n more file(s)</source>
        <translation>
            <numerusform>, et %n autre fichier</numerusform>
            <numerusform>, et %n autres fichiers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ost/gui/importing.py" line="171"/>
        <source>… and %n more warning(s): %1</source>
        <translation>
            <numerusform>… et %n autre avertissement : %1</numerusform>
            <numerusform>… et %n autres avertissements : %1</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/importing.py" line="82"/>
        <source>BattleScribe files</source>
        <extracomment>Warnings of an import listed one by one; the rest wait behind a count per file and a button (as in the CLI).</extracomment>
        <translation>Fichiers BattleScribe</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/importing.py" line="84"/>
        <source>BattleScribe data (*.gst *.cat *.gstz *.catz);;All files (*)</source>
        <translation>Données BattleScribe (*.gst *.cat *.gstz *.catz);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/importing.py" line="88"/>
        <source>Folder of BattleScribe data</source>
        <translation>Dossier de données BattleScribe</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/importing.py" line="101"/>
        <source>Reading BattleScribe data…</source>
        <translation>Lecture des données BattleScribe…</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/importing.py" line="101"/>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/importing.py" line="110"/>
        <source>Reading %1</source>
        <translation>Lecture de %1</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/importing.py" line="114"/>
        <source>Import failed</source>
        <translation>Échec de l&apos;import</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/importing.py" line="118"/>
        <source>Import cancelled: the catalogue is unchanged.</source>
        <translation>Import annulé : le catalogue est inchangé.</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/importing.py" line="150"/>
        <source>%1 datasheet(s) imported from %2 catalogue(s); %3 warning(s). The catalogue has %4 datasheets.</source>
        <translation>%1 fiche(s) importée(s) de %2 catalogue(s) ; %3 avertissement(s). Le catalogue compte %4 fiches.</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/importing.py" line="159"/>
        <source>Import finished</source>
        <translation>Import terminé</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/importing.py" line="186"/>
        <source>Cannot rebuild the catalogue</source>
        <translation>Impossible de reconstruire le catalogue</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ost/gui/importing.py" line="191"/>
        <source>Catalogue rebuilt: %n datasheet(s).</source>
        <translation>
            <numerusform>Catalogue reconstruit : %n fiche.</numerusform>
            <numerusform>Catalogue reconstruit : %n fiches.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/importing.py" line="216"/>
        <source>Cannot switch the sources</source>
        <translation>Impossible de changer les sources</translation>
    </message>
</context>
<context>
    <name>LoadoutView</name>
    <message>
        <location filename="../../app/ost/gui/loadout_view.py" line="108"/>
        <source>Models and their wargear</source>
        <translation>Figurines et leur équipement</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/loadout_view.py" line="108"/>
        <source>Upgrades</source>
        <translation>Améliorations</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="217"/>
        <location filename="../../app/ost/gui/main_window.py" line="501"/>
        <source>New list</source>
        <translation>Nouvelle liste</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="226"/>
        <source>Name of the list</source>
        <translation>Nom de la liste</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="231"/>
        <source>no limit</source>
        <translation>sans limite</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="232"/>
        <source> pts</source>
        <translation> pts</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ost/gui/main_window.py" line="895"/>
        <source>%n datasheet(s) in the catalogue</source>
        <translation>
            <numerusform>%n fiche dans le catalogue</numerusform>
            <numerusform>%n fiches dans le catalogue</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="393"/>
        <source>List</source>
        <translation>Liste</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="396"/>
        <source>Limit</source>
        <translation>Limite</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="399"/>
        <location filename="../../app/ost/gui/main_window.py" line="839"/>
        <source>New detachment</source>
        <translation>Nouveau détachement</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="401"/>
        <location filename="../../app/ost/gui/main_window.py" line="837"/>
        <location filename="../../app/ost/gui/main_window.py" line="841"/>
        <source>Remove</source>
        <translation>Retirer</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="419"/>
        <source>Unit</source>
        <translation>Unité</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/actions.py" line="101"/>
        <source>&amp;File</source>
        <extracomment>Qt&apos;s translate: the strings keep the context they had in the window (&quot;MainWindow&quot;). Run a handler now if the catalogue is there, else once it is.</extracomment>
        <translation>&amp;Fichier</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/actions.py" line="102"/>
        <source>&amp;New list</source>
        <translation>&amp;Nouvelle liste</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/actions.py" line="103"/>
        <source>&amp;Open…</source>
        <translation>&amp;Ouvrir…</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/actions.py" line="106"/>
        <source>Open &amp;recent</source>
        <translation>Listes &amp;récentes</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/actions.py" line="117"/>
        <source>&amp;Save</source>
        <translation>&amp;Enregistrer</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/actions.py" line="119"/>
        <source>Save &amp;as…</source>
        <translation>Enregistrer &amp;sous…</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/actions.py" line="136"/>
        <source>&amp;Export</source>
        <translation>E&amp;xporter</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/actions.py" line="138"/>
        <source>Army &amp;sheet (PDF)…</source>
        <translation>&amp;Feuille d&apos;armée (PDF)…</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/actions.py" line="146"/>
        <source>Reference &amp;cards (PDF)…</source>
        <translation>&amp;Cartes de référence (PDF)…</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/actions.py" line="149"/>
        <source>Check &amp;report (PDF)…</source>
        <translation>&amp;Rapport de vérification (PDF)…</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/actions.py" line="159"/>
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/actions.py" line="161"/>
        <source>&amp;Edit</source>
        <translation>É&amp;dition</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/actions.py" line="162"/>
        <source>&amp;Undo</source>
        <translation>&amp;Annuler</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/actions.py" line="165"/>
        <source>&amp;Redo</source>
        <translation>&amp;Rétablir</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/actions.py" line="185"/>
        <source>&amp;Find a datasheet</source>
        <translation>&amp;Chercher une fiche</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/actions.py" line="186"/>
        <source>New &amp;detachment</source>
        <translation>Nouveau &amp;détachement</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/actions.py" line="180"/>
        <source>&amp;Remove the selection</source>
        <translation>&amp;Retirer la sélection</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/actions.py" line="109"/>
        <source>Check a &amp;pasted list</source>
        <translation>Vérifier une liste &amp;collée</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/actions.py" line="121"/>
        <source>Print pre&amp;view</source>
        <translation>&amp;Aperçu avant impression</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/actions.py" line="123"/>
        <source>Army &amp;sheet</source>
        <translation>&amp;Feuille d&apos;armée</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/actions.py" line="131"/>
        <source>Reference &amp;cards</source>
        <translation>Cartes de &amp;référence</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/actions.py" line="134"/>
        <source>Check &amp;report</source>
        <translation>Rapport de &amp;vérification</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/actions.py" line="153"/>
        <source>Se&amp;ttings…</source>
        <translation>&amp;Réglages…</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/actions.py" line="172"/>
        <source>&amp;Duplicate the unit</source>
        <translation>&amp;Dupliquer l&apos;unité</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/actions.py" line="174"/>
        <source>&amp;Copy the list as text</source>
        <translation>Copier la liste en &amp;texte</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/actions.py" line="188"/>
        <source>&amp;View</source>
        <translation>&amp;Affichage</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/actions.py" line="189"/>
        <source>&amp;Reading report</source>
        <translation>Rapport de &amp;lecture</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/actions.py" line="192"/>
        <source>List &amp;prices</source>
        <translation>Prix de la &amp;liste</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/actions.py" line="195"/>
        <source>Check with the prices the list states (a tournament&apos;s fixed points) instead of the catalogue&apos;s</source>
        <translation>Vérifier avec les prix que donne la liste (les points figés d&apos;un tournoi) plutôt que ceux du catalogue</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/actions.py" line="203"/>
        <source>&amp;Catalogue</source>
        <translation>&amp;Catalogue</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/actions.py" line="205"/>
        <source>&amp;Import BattleScribe data (folder)…</source>
        <translation>&amp;Importer des données BattleScribe (dossier)…</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/actions.py" line="208"/>
        <source>Import BattleScribe &amp;files…</source>
        <translation>Importer des &amp;fichiers BattleScribe…</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/actions.py" line="212"/>
        <source>&amp;Rebuild the shipped catalogue</source>
        <translation>Re&amp;construire le catalogue fourni</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/actions.py" line="215"/>
        <source>&amp;Help</source>
        <translation>&amp;Aide</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/actions.py" line="216"/>
        <source>&amp;About Ost</source>
        <translation>À &amp;propos d&apos;Ost</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="488"/>
        <source>Main toolbar</source>
        <translation>Barre d&apos;outils principale</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="492"/>
        <source>Welcome to Ost</source>
        <translation>Bienvenue dans Ost</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="494"/>
        <source>Browse the unit catalogue on the left, or type a name, a keyword or a faction in the search box. Select a datasheet to see its profile, weapons, abilities and keywords.</source>
        <translation>Parcourez le catalogue des unités à gauche, ou tapez un nom, un mot-clef ou une faction dans la recherche. Choisissez une fiche pour voir son profil, ses armes, ses capacités et ses mots-clefs.</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="509"/>
        <source>About Ost</source>
        <translation>À propos d&apos;Ost</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="509"/>
        <source>Ost %1 — army lists for MAC HAMMER 40K.</source>
        <translation>Ost %1 — listes d&apos;armée pour MAC HAMMER 40K.</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="143"/>
        <location filename="../../app/ost/gui/main_window.py" line="147"/>
        <location filename="../../app/ost/gui/main_window.py" line="175"/>
        <location filename="../../app/ost/gui/main_window.py" line="550"/>
        <location filename="../../app/ost/gui/main_window.py" line="892"/>
        <source>Loading the catalogue…</source>
        <extracomment>The catalogue has arrived and the panes show it (after :meth:`catalogue_loaded`). The list was checked again; carries the new :class:`Report`. Until the window is first shown with its panes (then the splitter&apos;s widths are shared once). Called before the window writes the catalogue database: ``ost gui`` sets it to let the catalogue&apos;s snapshot go (:meth:`ost.gui.app.CatalogueLoader.settle`); nothing to do for a catalogue given whole. False until the catalogue is there (see :meth:`catalogue_loaded`); actions that need it wait. False until :meth:`build_panes` ran; menu actions taken before wait in ``_until_built``.</extracomment>
        <translation>Chargement du catalogue…</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="603"/>
        <source>Untitled list</source>
        <translation>Liste sans nom</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ost/gui/main_window.py" line="644"/>
        <source>Add %n unit(s)</source>
        <translation>
            <numerusform>Ajouter %n unité</numerusform>
            <numerusform>Ajouter %n unités</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ost/gui/main_window.py" line="674"/>
        <source>Remove %n unit(s)</source>
        <translation>
            <numerusform>Retirer %n unité</numerusform>
            <numerusform>Retirer %n unités</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ost/gui/main_window.py" line="734"/>
        <source>Move %n unit(s)</source>
        <translation>
            <numerusform>Déplacer %n unité</numerusform>
            <numerusform>Déplacer %n unités</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="758"/>
        <source>Select a unit to duplicate.</source>
        <translation>Sélectionnez une unité à dupliquer.</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/ost/gui/main_window.py" line="761"/>
        <source>Duplicate %n unit(s)</source>
        <translation>
            <numerusform>Dupliquer %n unité</numerusform>
            <numerusform>Dupliquer %n unités</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="777"/>
        <source>The list is on the clipboard as text.</source>
        <translation>La liste est dans le presse-papiers, en texte.</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="817"/>
        <source>Rename detachment</source>
        <translation>Renommer le détachement</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="817"/>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="828"/>
        <source>Move to</source>
        <translation>Déplacer vers</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="830"/>
        <source>Detachment %1</source>
        <translation>Détachement %1</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="836"/>
        <source>Duplicate</source>
        <translation>Dupliquer</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="886"/>
        <location filename="../../app/ost/gui/main_window.py" line="887"/>
        <source>No catalogue</source>
        <translation>Aucun catalogue</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/main_window.py" line="420"/>
        <source>Datasheet</source>
        <translation>Fiche d&apos;unité</translation>
    </message>
</context>
<context>
    <name>PastedListDialog</name>
    <message>
        <location filename="../../app/ost/gui/dialogs.py" line="120"/>
        <source>Pasted list (read-only)</source>
        <translation>Liste collée (lecture seule)</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/dialogs.py" line="142"/>
        <source>How the text was read</source>
        <translation>Comment le texte a été lu</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/dialogs.py" line="148"/>
        <source>Open for editing</source>
        <translation>Ouvrir pour la modifier</translation>
    </message>
</context>
<context>
    <name>Printer</name>
    <message>
        <location filename="../../app/ost/gui/printing.py" line="207"/>
        <source>Export as PDF</source>
        <extracomment>Resolution of the preview images (dots per inch). Longest wait for ``pdftoppm`` before the preview gives up (a guard, not a goal). The name of the list&apos;s file, printed on the check report.</extracomment>
        <translation>Exporter en PDF</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/printing.py" line="207"/>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/printing.py" line="237"/>
        <source>Cannot make the PDF</source>
        <translation>Impossible de produire le PDF</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/printing.py" line="249"/>
        <source>Cannot write the PDF</source>
        <translation>Impossible d&apos;écrire le PDF</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/printing.py" line="251"/>
        <source>PDF written to %1</source>
        <translation>PDF écrit dans %1</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/printing.py" line="268"/>
        <source>Army sheet</source>
        <translation>Feuille d&apos;armée</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/printing.py" line="269"/>
        <source>Reference cards</source>
        <translation>Cartes de référence</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/printing.py" line="270"/>
        <source>Check report</source>
        <translation>Rapport de vérification</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/printing.py" line="273"/>
        <source>Preview: %1</source>
        <translation>Aperçu : %1</translation>
    </message>
</context>
<context>
    <name>ReportView</name>
    <message>
        <location filename="../../app/ost/gui/report_view.py" line="79"/>
        <source>Role</source>
        <extracomment>Says the findings&apos; keywords in ``lang`` (the window shares one with its list&apos;s tooltips).</extracomment>
        <translation>Rôle</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/report_view.py" line="79"/>
        <source>Units</source>
        <translation>Unités</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/report_view.py" line="79"/>
        <source>Band</source>
        <translation>Tranche</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/report_view.py" line="79"/>
        <source>Points</source>
        <translation>Points</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/report_view.py" line="118"/>
        <source>EMPTY LIST</source>
        <extracomment>True when the list shown is empty (a neutral banner, not a red verdict).</extracomment>
        <translation>LISTE VIDE</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/report_view.py" line="127"/>
        <source>Add units from the catalogue on the left to start the list.</source>
        <translation>Ajoutez des unités depuis le catalogue à gauche pour commencer la liste.</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/report_view.py" line="130"/>
        <source>none</source>
        <translation>aucune</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/report_view.py" line="133"/>
        <source>%1 points, band %2, %3 error(s), %4 warning(s)</source>
        <translation>%1 points, tranche %2, %3 erreur(s), %4 avertissement(s)</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/report_view.py" line="200"/>
        <source>The list is empty: add units from the catalogue.</source>
        <translation>La liste est vide : ajoutez des unités depuis le catalogue.</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/report_view.py" line="209"/>
        <source>No problem found.</source>
        <translation>Aucun problème trouvé.</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../../app/ost/gui/settings_dialog.py" line="38"/>
        <source>Settings</source>
        <translation>Réglages</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/settings_dialog.py" line="43"/>
        <source>System language</source>
        <translation>Langue du système</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/settings_dialog.py" line="47"/>
        <source>Language</source>
        <translation>Langue</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/settings_dialog.py" line="48"/>
        <source>The language changes at the next start of Ost.</source>
        <translation>La langue change au prochain démarrage d&apos;Ost.</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/settings_dialog.py" line="52"/>
        <source>A4</source>
        <translation>A4</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/settings_dialog.py" line="53"/>
        <source>US Letter</source>
        <translation>Lettre US</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/settings_dialog.py" line="55"/>
        <source>Paper</source>
        <translation>Papier</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/settings_dialog.py" line="57"/>
        <source>Poker (63 × 88 mm)</source>
        <translation>Poker (63 × 88 mm)</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/settings_dialog.py" line="58"/>
        <source>A6 (105 × 148 mm)</source>
        <translation>A6 (105 × 148 mm)</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/settings_dialog.py" line="60"/>
        <source>Reference cards</source>
        <translation>Cartes de référence</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/settings_dialog.py" line="61"/>
        <source>Legends datasheets count as available</source>
        <translation>Les fiches Légendes comptent comme disponibles</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/settings_dialog.py" line="63"/>
        <source>When checked, a Legends datasheet can be what a band requires you to take first.</source>
        <translation>Cochée, une fiche Légendes peut être celle qu&apos;une tranche oblige à prendre d&apos;abord.</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/settings_dialog.py" line="69"/>
        <source>Catalogue sources</source>
        <translation>Sources du catalogue</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/settings_dialog.py" line="73"/>
        <source>revision</source>
        <translation>révision</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/settings_dialog.py" line="75"/>
        <source>Ost catalogue</source>
        <translation>Catalogue Ost</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/settings_dialog.py" line="83"/>
        <source>Only the shipped catalogue: import BattleScribe data to add sources.</source>
        <translation>Seulement le catalogue fourni : importez des données BattleScribe pour ajouter des sources.</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/settings_dialog.py" line="87"/>
        <source>A source switched off stays in the database; lists that use it still open.</source>
        <translation>Une source désactivée reste dans la base ; les listes qui l&apos;utilisent s&apos;ouvrent toujours.</translation>
    </message>
</context>
<context>
    <name>TextListDialog</name>
    <message numerus="yes">
        <location filename="../../app/ost/gui/dialogs.py" line="77"/>
        <source>Show all (%n more)</source>
        <translation>
            <numerusform>Tout afficher (%n de plus)</numerusform>
            <numerusform>Tout afficher (%n de plus)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>UnitEditor</name>
    <message>
        <location filename="../../app/ost/gui/unit_editor.py" line="126"/>
        <source>&lt;i&gt;Select a unit of the list to edit it.&lt;/i&gt;</source>
        <extracomment>(unit id, model group, models, choice, item or &quot;&quot;), see :class:`WargearEditor`. Price units as their list stated (View ▸ List prices), as the verdict does.</extracomment>
        <translation>&lt;i&gt;Choisissez une unité de la liste pour la modifier.&lt;/i&gt;</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/unit_editor.py" line="137"/>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/unit_editor.py" line="143"/>
        <source>From %1 to %2 models</source>
        <translation>De %1 à %2 figurines</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/unit_editor.py" line="145"/>
        <source>Models (%1–%2)</source>
        <translation>Figurines (%1–%2)</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/unit_editor.py" line="154"/>
        <source> each</source>
        <translation> chacune</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/unit_editor.py" line="172"/>
        <source>Assigned transport</source>
        <translation>Transport assigné</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/unit_editor.py" line="178"/>
        <source>Linked to</source>
        <translation>Lié à</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/unit_editor.py" line="182"/>
        <source>Warlord</source>
        <translation>Seigneur de guerre</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/unit_editor.py" line="184"/>
        <source>In reserve</source>
        <translation>En réserve</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/unit_editor.py" line="204"/>
        <source>not in the catalogue</source>
        <translation>absente du catalogue</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/unit_editor.py" line="246"/>
        <source>(none)</source>
        <translation>(aucun)</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/unit_editor.py" line="280"/>
        <source>already carries %1</source>
        <translation>transporte déjà %1</translation>
    </message>
</context>
<context>
    <name>WargearEditor</name>
    <message>
        <location filename="../../app/ost/gui/wargear_editor.py" line="143"/>
        <source>Wargear</source>
        <extracomment>The most a count box offers when no limit bounds it. Each model group&apos;s header (&quot;9 × Space Marine&quot;) and what its models carry. How many models of a group a choice changes (groups of more than one model only). The choice box of each (model group, choice). The unit&apos;s own choices, by item: a check box, or a count.</extracomment>
        <translation>Équipement</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/wargear_editor.py" line="148"/>
        <source>Chosen once for the unit</source>
        <translation>Choisi une fois pour l&apos;unité</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/wargear_editor.py" line="156"/>
        <source>Also taken: %1</source>
        <translation>Pris aussi : %1</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/wargear_editor.py" line="157"/>
        <source>Default wargear</source>
        <translation>Équipement par défaut</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/wargear_editor.py" line="158"/>
        <source>Every model back to its default wargear, nothing chosen for the unit</source>
        <translation>Chaque figurine reprend son équipement par défaut, rien n&apos;est choisi pour l&apos;unité</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/wargear_editor.py" line="187"/>
        <source>nothing listed</source>
        <translation>rien d&apos;indiqué</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/wargear_editor.py" line="197"/>
        <source>How many of these %1 models the choices below change</source>
        <translation>Combien de ces %1 figurines les choix ci-dessous changent</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/wargear_editor.py" line="201"/>
        <source>Models to change</source>
        <translation>Figurines à changer</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/wargear_editor.py" line="232"/>
        <source>(none)</source>
        <translation>(rien)</translation>
    </message>
    <message>
        <location filename="../../app/ost/gui/wargear_editor.py" line="234"/>
        <source>%1 (default)</source>
        <translation>%1 (par défaut)</translation>
    </message>
</context>
</TS>
