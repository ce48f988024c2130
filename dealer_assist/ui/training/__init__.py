"""The trainer window of ``dealer-assist train``: drills in big text, keyboard answers, summary and chart.

It only shows what :class:`dealer_assist.training.session.TrainingSession`
decides; no widget here computes a rule or a score.
"""
