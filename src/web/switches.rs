//! The switches of the panels that show how minimax thinks, among the game's controls (the panels are drawn by
//! `panels.rs`): the five panels', the switches of a deepening search (which searches where the whole tree cannot
//! be searched at once), and the choice of scoring that the move scores show.

use super::dom::{add, checkbox};
use super::dom::{game_id, radio_group, set_hidden};
use super::note_view::NoteView;
use crate::engine::Scoring;
use crate::game::Game;
use crate::panels::scores::scoring_note;
use crate::settings::{Name, Practice};
use web_sys::{Element, HtmlInputElement};

/// The thinking switches.
pub struct Switches {
    scores_switch: HtmlInputElement,
    tree_switch: HtmlInputElement,
    stats_switch: HtmlInputElement,
    step_switch: HtmlInputElement,
    practice_switch: HtmlInputElement,
    /// The further switches.
    more: MoreSwitches,
    /// The element that holds them all.
    wrapper: Element,
}

/// The switches of a deepening search (the evaluation at the horizon, the horizon shown), and the scoring's radio
/// buttons, with the move scores.
struct MoreSwitches {
    evaluation_switch: HtmlInputElement,
    horizon_switch: HtmlInputElement,
    scoring_group: Element,
    scoring_inputs: Vec<HtmlInputElement>,
}

impl Switches {
    /// Builds the switches into `controls`, for game number `game`.
    pub fn build(controls: &Element, game: u32) -> Switches {
        // One element for the switches and the scoring, to be moved together (under a post's "Settings"); it draws
        // no box of its own, so they stay items of the controls' row.
        let wrapper = add(controls, "div", "ttt-switches", "");
        let controls = &wrapper;
        let switches = add(controls, "fieldset", "ttt-choice", "");
        add(&switches, "legend", "", "Show how minimax thinks");
        let scores_switch = checkbox(&switches, Name::Scores, "Move scores");
        let tree_switch = checkbox(&switches, Name::Tree, "Game tree");
        let stats_switch = checkbox(&switches, Name::Stats, "Search statistics");
        let step_switch = checkbox(&switches, Name::Step, "Step through the search");
        let practice_switch = checkbox(&switches, Name::Practice, "Practise alpha-beta");
        // Switched on, the practice is on the position on the board, or on the abstract tree it was on before
        // it was switched off (see `render`).
        practice_switch.set_value(Practice::Position.value());
        Switches {
            scores_switch,
            tree_switch,
            stats_switch,
            step_switch,
            practice_switch,
            more: MoreSwitches::build(controls, &switches, game),
            wrapper,
        }
    }

    /// The element that holds every switch.
    pub fn element(&self) -> &Element {
        &self.wrapper
    }

    /// Sets the switches as `game`'s settings say.
    pub fn render(&self, game: &Game) {
        let display = game.settings().display;
        self.scores_switch.set_checked(display.scores);
        self.tree_switch.set_checked(display.tree);
        self.stats_switch.set_checked(display.stats);
        self.step_switch.set_checked(display.step);
        self.practice_switch
            .set_checked(display.practice != Practice::Hidden);
        if display.practice != Practice::Hidden {
            self.practice_switch.set_value(display.practice.value());
        }
        self.more.render(game);
    }
}

impl MoreSwitches {
    /// Builds the deepening search's switches into the `switches` fieldset, and the scoring's choice after it in
    /// `controls`, for game number `game`.
    fn build(controls: &Element, switches: &Element, game: u32) -> MoreSwitches {
        let evaluation_switch = checkbox(switches, Name::Eval, "Evaluate positions at the horizon");
        let horizon_switch = checkbox(switches, Name::Horizon, "Show the horizon, depth by depth");
        let (scoring_group, scoring_inputs) = radio_group(
            controls,
            &game_id(game, "scoring"),
            Name::Scoring,
            "Scores",
            &[
                ("depth", "Depth-aware: a quicker win scores more"),
                ("plain", "Plain: +1, 0, -1"),
            ],
        );
        scoring_group.set_class_name("ttt-choice ttt-scoring");
        NoteView::build(&scoring_group).render(Some(&scoring_note()));
        MoreSwitches {
            evaluation_switch,
            horizon_switch,
            scoring_group,
            scoring_inputs,
        }
    }

    /// The evaluation's and the horizon's switches show where the computer deepens its search, which is where
    /// the whole tree cannot be searched at once; the scoring's buttons with the move scores, on every board.
    fn render(&self, game: &Game) {
        let display = game.settings().display;
        let deepening = game.searchable_at_once().is_none();
        for (switch, on) in [
            (&self.evaluation_switch, game.settings().evaluation),
            (&self.horizon_switch, display.horizon),
        ] {
            switch.set_checked(on);
            if let Some(label) = switch.parent_element() {
                set_hidden(&label, !deepening);
            }
        }
        let scoring_name = match display.scoring {
            Scoring::DepthAware => "depth",
            Scoring::Plain => "plain",
        };
        for input in &self.scoring_inputs {
            input.set_checked(input.value() == scoring_name);
        }
        set_hidden(&self.scoring_group, !display.scores);
    }
}
