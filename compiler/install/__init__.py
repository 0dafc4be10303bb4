"""`compile SPEC --into MAP_FOLDER`: a compiled game installed into a map folder, ready for TripleA.

target: which folder, and where its map.yml, texts and games/ are; plan: what the install changes (the
XML, map.yml's entry, stub texts), written all at once by staging; map_yml_entry and texts_needed edit
map.yml and the .properties files without touching a line the author wrote.
"""

from compiler.install.plan import InstallPlan, plan_install

__all__ = ["InstallPlan", "plan_install"]
