"""Translations between TripleA game XML and the game model."""
