"""Formatters of problems: text, json, sarif (2.1.0) and github (workflow annotations)."""

from compiler.report.formats import FORMATS, format_problems, summary

__all__ = ["FORMATS", "format_problems", "summary"]
