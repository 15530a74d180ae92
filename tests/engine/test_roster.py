"""Rosters as teachers keep them: a plain list, a gradebook export, a team sheet."""

from __future__ import annotations

import pytest

from printkit_engine.errors import ReadError
from printkit_engine.roster import parse_roster


def test_a_plain_list_of_names_is_one_team_a_name():
    r = parse_roster("Ann Lee\n\nBo Chan\nCy Diaz\n", "class.txt")
    assert r.teams == ("Ann Lee", "Bo Chan", "Cy Diaz")
    assert r.members == {"Ann Lee": ("Ann Lee",), "Bo Chan": ("Bo Chan",),
                         "Cy Diaz": ("Cy Diaz",)}


def test_a_gradebook_export_with_a_name_column_and_others():
    text = "Email,Name,Grade\nann@x.org,Ann Lee,7\nbo@x.org,Bo Chan,7\n"
    assert parse_roster(text, "g.csv").teams == ("Ann Lee", "Bo Chan")


def test_first_and_last_name_columns_are_joined_in_any_case():
    text = "\ufeffLast Name,FIRST NAME,Team\nLee,Ann,Falcons\nChan,Bo,Falcons\nDiaz,Cy,Owls\n"
    r = parse_roster(text, "g.csv")
    assert r.teams == ("Falcons", "Owls")
    assert r.members == {"Falcons": ("Ann Lee", "Bo Chan"), "Owls": ("Cy Diaz",)}
    assert r.label("Falcons") == "Falcons (Ann Lee, Bo Chan)"


def test_surname_and_given_name_and_a_student_without_a_team_plays_alone():
    r = parse_roster("given_name,surname,team\nAnn,Lee,Red\nBo,Chan,\n", "g.csv")
    assert r.teams == ("Red", "Bo Chan")


@pytest.mark.parametrize(("text", "line", "message"), [
    ("Ann,Falcons\nBo,Owls\n", 1, "expected a header row naming a team, student, name or "
                                  "first name and last name column, found 'Ann, Falcons'"),
    ("", 1, "empty roster (expected names, one a line, or a header row: team, student, "
            "name, first name, last name)"),
    ("Ann\nBo\nann\n", 3, "'ann' is named twice (first on line 1)"),
    ("name\nAnn\n", 1, "expected at least 2 teams, found 1"),
    ("Name,Email\nAnn,a@x.org\n,b@x.org\n", 3, "a row with neither a team nor a student"),
])
def test_a_roster_that_cannot_be_read_names_its_line(text, line, message):
    with pytest.raises(ReadError) as err:
        parse_roster(text, "r.csv")
    assert (err.value.line, err.value.message) == (line, message)
