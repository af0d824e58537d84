"""Readers and writers of files: catalogue sources, BattleScribe data, rosters, texts."""
