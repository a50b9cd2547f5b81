"""Scripted answers to ``input()`` for the terminal games' tests."""

import builtins


def script(monkeypatch, answers):
    """Answer input() from ``answers`` (an iterable, or a function of the
    prompt); end of input once they run out. The prompts are recorded."""
    prompts = []
    if not callable(answers):
        remaining = iter(answers)
        answers = lambda prompt: next(remaining)  # noqa: E731

    def fake_input(prompt=""):
        prompts.append(prompt)
        try:
            return answers(prompt)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr(builtins, "input", fake_input)
    return prompts
