<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<!-- Qt's own labels that the qtbase_fr catalogue shipped with PySide6 lacks: Qt 6.12 gave these file-dialog
     labels a shortcut letter ("&Look in:"), and the catalogue still holds them without it. Written by hand
     (lupdate never sees them: they are Qt's strings, not Ost's); compiled with
     pyside6-lrelease resources/translations/qtbase_extra_fr.ts -->
<TS version="2.1" language="fr_FR">
<context>
    <name>QFileDialog</name>
    <message>
        <source>&amp;Look in:</source>
        <translation>&amp;Voir dans :</translation>
    </message>
    <message>
        <source>Files of &amp;type:</source>
        <translation>Fichiers de &amp;type :</translation>
    </message>
</context>
</TS>
