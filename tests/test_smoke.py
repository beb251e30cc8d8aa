from generala_tui.cli import main


def test_version_flag_prints_version_and_exits_zero(capsys):
    try:
        main(["--version"])
    except SystemExit as exit_:
        assert exit_.code == 0
    assert "generala-tui" in capsys.readouterr().out
