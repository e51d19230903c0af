"""Squads the figure scripts share (scripts/load.py, scripts/page-sizes)."""


def xws_squad(ships):
    """A C-ROC with its cards and Cartel Spacers with Heavy Scyk, ARC Caster and a shield."""
    croc = {"name": "croccruiser", "ship": "croccruiser",
            "upgrades": {"title": ["merchantone"], "crew": ["jabbathehutt", "cikatrovizago"],
                         "team": ["igrmthugdroids"], "hardpoint": ["heavylaserturret"],
                         "cargo": ["superchargedpowercells", "quickreleasecargolocks"]}}
    spacer = {"name": "cartelspacer", "ship": "m3ainterceptor",
              "upgrades": {"title": ["heavyscykinterceptor"], "cannon": ["arccaster"],
                           "mod": ["pulsedrayshield"]}}
    return {"version": "1.0.0", "faction": "scum", "name": "Load test",
            "pilots": [croc] + [spacer] * (ships - 1)}
